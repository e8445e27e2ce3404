//! The tables of every concern against each other, and the sentences built from the solver's words.

use super::*;
use solver::truth::TruthError;

#[test]
fn every_key_has_text_in_every_language_with_the_same_slots() {
    for &key in Msg::ALL {
        let slots = Lang::En.t(key).matches("{}").count();
        for lang in Lang::ALL {
            let text = lang.t(key);
            assert!(!text.trim().is_empty(), "{key:?} is empty in {lang:?}");
            assert_eq!(
                text.matches("{}").count(),
                slots,
                "{key:?} in {lang:?} has other slots than English"
            );
        }
    }
}

#[test]
fn chinese_is_not_a_copy_of_english() {
    let same: Vec<_> = Msg::ALL
        .iter()
        .filter(|&&k| Lang::En.t(k) == Lang::Zh.t(k) && !SAME_IN_BOTH.contains(&k))
        .collect();
    assert!(same.is_empty(), "untranslated keys: {same:?}");
}

#[test]
fn fill_puts_arguments_in_order_and_tolerates_missing_ones() {
    assert_eq!(fill("a {} b {} c", &[&1, &"x"]), "a 1 b x c");
    assert_eq!(fill("{} left", &[]), " left");
    assert_eq!(Lang::Zh.fill(Play::MovesLeft, &[&19]), "还剩 19 步");
}

#[test]
fn texts_render_their_arguments_in_the_language_asked() {
    let text = Text::new(Controls::NoteAlgorithmNotApplicable)
        .arg(Algorithm::Direct)
        .arg(Controls::KindSliding)
        .arg(Algorithm::Astar);
    assert_eq!(
        text.render(Lang::En),
        "Direct does not apply to a sliding puzzle; using A*."
    );
    assert_eq!(text.render(Lang::Zh), "直接求解不适用于滑块拼图；改用A*。");
    // A nested reason is rendered in the same language; verbatim text stays as it is.
    let hint = Text::new(Play::HintUnavailable)
        .arg(Text::new(Failed::StoppedUnexpectedly).arg(Arg::detail("oom")));
    assert_eq!(
        hint.render(Lang::En),
        "No hint: the solver stopped unexpectedly (oom)"
    );
    assert_eq!(hint.render(Lang::Zh), "无法提示：求解器意外停止");
}

/// A Chinese character between two Latin words ends a run of them; a number does not.
#[test]
fn an_english_sentence_is_three_latin_words_in_a_row() {
    assert!(english_sentence("stopped at the time limit"));
    assert!(english_sentence("求解器报告（英文）：solved in 12 moves"));
    assert!(!english_sentence("加权 A* 以解的长度换取速度"));
    assert!(!english_sentence("Frame-Stewart 算法，2^n − 1 步"));
    assert!(!english_sentence("曼哈顿距离 + 线性冲突"));
    assert!(!english_sentence(
        "应为 sliding（滑块拼图）或 hanoi（汉诺塔）"
    ));
}

/// Every clause of every kind the solver says, and every note of the worker, in both languages: all slots
/// filled, and no English sentence in the Chinese.
#[test]
fn everything_the_solver_and_worker_say_reads_in_both_languages() {
    let mut texts: Vec<(String, Text)> = solver::report::Said::examples()
        .iter()
        .map(|s| (format!("{s:?}"), Text::said(s)))
        .collect();
    texts.extend(
        solver::report::Note::examples()
            .iter()
            .map(|n| (format!("{n:?}"), Text::note(n))),
    );
    texts.extend(
        [
            TruthError::PathTooLong { moves: 1200 },
            TruthError::Replay {
                index: 3,
                why: "peg 2 is empty".into(),
            },
            TruthError::TooManyDisks { disks: 20 },
            TruthError::Puzzle("the start board is not valid".into()),
        ]
        .iter()
        .map(|e| (format!("{e:?}"), Text::truth_error(e))),
    );
    assert!(texts.len() >= solver::report::Said::KINDS + solver::report::Note::KINDS);
    for (what, text) in &texts {
        let en = text.render(Lang::En);
        let zh = text.render(Lang::Zh);
        for (lang, words) in [("en", &en), ("zh", &zh)] {
            assert!(
                !words.contains("{}") && !words.trim().is_empty(),
                "{what} in {lang}: {words}"
            );
        }
        assert!(
            !english_sentence(&zh),
            "{what} has English in Chinese: {zh}"
        );
        assert_ne!(en, zh, "{what}");
    }
}

/// Every way a link's query can be refused, read in both languages (one example of each variant, which the
/// match in `Text::query_error` keeps complete).
#[test]
fn a_bad_link_is_explained_in_both_languages() {
    let links = [
        "",
        "https://example.com/lab",
        "puzzle=sliding&size=3x3&start=%zz",
        "puzzle=sliding&puzzle=hanoi",
        "puzzle=sliding&size=",
        "size=3x3",
        "puzzle=cube",
        "puzzle=sliding&size=3x3&pegs=3&start=1,2,3,4,5,6,7,8,0",
        "puzzle=sliding&size=3by3&start=1",
        "puzzle=sliding&size=9x9&start=1",
        "puzzle=hanoi&pegs=three&disks=3&start=0,0,0",
        "puzzle=hanoi&pegs=9&disks=3&start=0,0,0",
        "puzzle=hanoi&pegs=3&disks=99&start=0",
        "puzzle=sliding&size=2x2&start=1,x,3,0",
        "puzzle=sliding&size=2x2&start=1,2,0",
        "puzzle=hanoi&pegs=3&disks=3&start=0,0",
        "puzzle=sliding&size=2x2&start=1,2,9,0",
        "puzzle=sliding&size=2x2&start=1,1,3,0",
        "puzzle=hanoi&pegs=3&disks=2&start=0,7",
        "puzzle=sliding&size=2x2&start=1,2,3,0&algo=magic",
        "puzzle=sliding&size=2x2&start=1,2,3,0&heuristic=magic",
        "puzzle=sliding&size=2x2&start=1,2,3,0&heuristic=seed-power",
        "puzzle=sliding&size=2x2&start=1,2,3,0&algo=weighted&weight=99",
        "puzzle=sliding&size=2x2&start=1,2,3,0&algo=bfs&weight=2",
    ];
    let mut kinds = std::collections::HashSet::new();
    for link in links {
        let Err(error) = solver::query::parse(link) else {
            panic!("{link} was read");
        };
        kinds.insert(std::mem::discriminant(&error));
        let text = Text::query_error(&error);
        let zh = text.render(Lang::Zh);
        assert!(!english_sentence(&zh), "{link}: {zh}");
        assert!(!text.render(Lang::En).contains("{}"), "{link}");
        let unread = Text::said(&solver::report::Said::Unreadable { query: link.into() });
        assert!(!english_sentence(&unread.render(Lang::Zh)), "{link}");
    }
    assert!(
        kinds.len() >= 20,
        "only {} kinds of refusal met",
        kinds.len()
    );
}

#[test]
fn codes_round_trip_and_accept_regional_tags() {
    for lang in Lang::ALL {
        assert_eq!(Lang::from_code(lang.code()), Some(lang));
    }
    assert_eq!(Lang::from_code("zh-CN"), Some(Lang::Zh));
    assert_eq!(Lang::from_code("EN_us"), Some(Lang::En));
    assert_eq!(Lang::from_code("fr"), None);
    assert_eq!(Lang::from_code(""), None);
}
