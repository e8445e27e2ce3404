//! IDA*'s iterations drawn from its run's statistics: one bar per threshold, as long as the expansions of that
//! depth-first pass (on a log scale), with the smallest f it cut, which is the next threshold. A slider walks the
//! iterations and a sentence says what the one picked did.

use crate::format;
use crate::page::i18n::{fill, use_lang, Lang};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// One pass of IDA*: its threshold on f and the states it expanded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    pub threshold: u64,
    pub expanded: u64,
}

/// The passes of a run whose `by_depth` counts each iteration's expansions by its threshold.
pub fn passes(by_depth: &[u64]) -> Vec<Pass> {
    by_depth
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(threshold, &expanded)| Pass {
            threshold: threshold as u64,
            expanded,
        })
        .collect()
}

#[derive(Properties, PartialEq)]
pub struct IterationsProps {
    pub passes: Vec<Pass>,
    /// The solution's length: the last pass's threshold when it found the goal.
    pub length: Option<u64>,
}

#[component]
pub fn Iterations(props: &IterationsProps) -> Html {
    let lang = use_lang();
    let w = words(lang);
    let picked = use_state(|| 0usize);
    let passes = &props.passes;
    if passes.is_empty() {
        return Html::default();
    }
    let at = (*picked).min(passes.len() - 1);
    let most = passes.iter().map(|p| p.expanded).max().unwrap_or(1).max(1) as f64;
    let bar = |n: u64| 8.0 + 380.0 * ((n as f64).ln_1p() / most.ln_1p());
    let row = 26.0;
    let on_pick = {
        let picked = picked.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(n) = input.value().parse::<usize>() {
                picked.set(n);
            }
        })
    };
    let pass = passes[at];
    let sentence = match passes.get(at + 1) {
        Some(next) => fill(
            w.pass,
            &[
                &(at + 1),
                &pass.threshold,
                &format::count(pass.expanded),
                &next.threshold,
            ],
        ),
        None => fill(
            w.last,
            &[
                &(at + 1),
                &pass.threshold,
                &format::count(pass.expanded),
                &props.length.map_or_else(String::new, |l| l.to_string()),
            ],
        ),
    };
    html! {
        <div class="ida-iterations" data-testid="ida-iterations" data-passes={passes.len().to_string()}>
            <svg viewBox={format!("0 0 600 {:.0}", row * passes.len() as f64)} role="img" aria-label={w.label}>
                <title>{ w.label }</title>
                { for passes.iter().enumerate().map(|(i, p)| {
                    let y = i as f64 * row;
                    html! {
                        <g class={classes!("ida-pass", (i == at).then_some("picked"))}
                            data-threshold={p.threshold.to_string()} data-expanded={p.expanded.to_string()}>
                            <text x="0" y={format!("{:.0}", y + 17.0)}>{ fill(w.bound, &[&p.threshold]) }</text>
                            <rect x="96" y={format!("{:.0}", y + 5.0)} width={format!("{:.1}", bar(p.expanded))}
                                height="16" rx="3" />
                            <text x={format!("{:.1}", 104.0 + bar(p.expanded))} y={format!("{:.0}", y + 17.0)}>
                                { format::count(p.expanded) }</text>
                        </g>
                    }
                }) }
            </svg>
            <label class="ida-pick">{ w.slider }{ " " }
                <input type="range" data-testid="ida-pass" min="0" max={(passes.len() - 1).to_string()}
                    value={at.to_string()} oninput={on_pick} />
            </label>
            <p data-testid="ida-pass-sentence" aria-live="polite">{ sentence }</p>
        </div>
    }
}

struct Words {
    label: &'static str,
    bound: &'static str,
    slider: &'static str,
    pass: &'static str,
    last: &'static str,
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::En => Words {
            label: "IDA*'s iterations: each threshold on f and the states its pass expanded (log scale)",
            bound: "f ≤ {}",
            slider: "Iteration",
            pass: "Iteration {}: a depth-first pass over every path with f ≤ {} expanded {} states. The smallest f it cut was {}, and that is the next iteration's threshold.",
            last: "Iteration {}: the pass with f ≤ {} expanded {} states and reached the goal: {} moves, the shortest, since every shorter path was searched by a pass before.",
        },
        Lang::Zh => Words {
            label: "IDA* 的各轮迭代：每一轮的 f 上限，以及这一轮扩展的状态数（对数刻度）",
            bound: "f ≤ {}",
            slider: "迭代",
            pass: "第 {} 轮：对所有 f ≤ {} 的路径做一遍深度优先搜索，扩展了 {} 个状态。被剪掉的最小 f 是 {}，它就是下一轮的上限。",
            last: "第 {} 轮：f ≤ {} 的这一遍扩展了 {} 个状态并到达目标：{} 步，这是最短的，因为更短的路径在前几轮都已搜索过。",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_passes_are_the_thresholds_that_expanded_a_state() {
        let p = passes(&[0, 0, 3, 0, 9]);
        assert_eq!(
            p,
            vec![
                Pass {
                    threshold: 2,
                    expanded: 3
                },
                Pass {
                    threshold: 4,
                    expanded: 9
                }
            ]
        );
    }
}
