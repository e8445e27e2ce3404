//! What the solver and the worker say about a run (the clauses of [`Said`] and the [`Note`]s), with the words
//! they share with the page: a count of moves, an answer's proven bound, the direct methods, a board's solvability.

use super::names::heuristic_arg;
use super::{count, duration, words, Arg, BadLink, Text};
use solver::hanoi::DirectMethod;
use solver::report::{bound_excess, BoundExcess, Note, Said};
use solver::search::weighted::Weight;
use solver::sliding::Unsolvable;
use solver::{Algorithm, HeuristicName};

words! {
    /// Words of the solver's and the worker's sentences.
    Solver {
        Solved,
        SolvedImproved,
        Shortest,
        NoGuarantee,
        Overestimates,
        WithinDepth,
        WeightedBound,
        WeightedShortest,
        WeightedNoBound,
        NearOptimal,
        Direct,
        DirectUnlisted,
        DirectClassic,
        DirectThreePegPath,
        DirectFrameStewart,
        DirectClassicWhy,
        DirectThreePegPathWhy,
        DirectFourPegsWhy,
        DirectMorePegsWhy,
        ImprovementCancelled,
        ImprovementTimeLimit,
        ImprovementBudget,
        NoShorterWindow,
        Cancelled,
        CancelledWhileBuilding,
        TimeLimit,
        MemoryLimit,
        StateLimit,
        IdRoom,
        ObserverFull,
        NotFollowed,
        PathTooLong,
        Stopped,
        NoAnswer,
        Exhausted,
        DepthLimit,
        LargeBoard,
        LargerWeight,
        TooFarForOptimal,
        DirectOnlyForHanoi,
        TooManyDisks,
        PdbTooLarge,
        DirectFromAnyPosition,
        Unreadable,
        Refused,
        /// The answer's proven bound: a shortest one; or at most {percent}% longer than the shortest (lower bound {B});
        /// or a bound of 0, which bounds nothing ({moves}).
        BoundShortest,
        BoundWithin,
        BoundNone,
        CountMoves,
        CountMovesOne,
        Unsolvable,
        Solvable,
        UnsolvableWhy,
        Odd,
        Even,
        NoteTablesRead,
        NoteTablesStored,
        NoteTablesRebuilt,
        NoteNoTableStore,
        NoteTableStoreRefused,
        NoteBuildTook,
        NoteBuildTookHelper,
        NoteBuildTookHelpers,
        NoteImprovedWith5x5,
        NoteBuilding5x5,
        NoteShortestOnQuickTables,
    }
}

impl Solver {
    /// English.
    pub(super) fn en(self) -> &'static str {
        use Solver::*;
        match self {
            Solved => "Solved in {}.",
            SolvedImproved => "Solved in {}, improved from a first answer of {}.",
            Shortest => "This is a shortest solution.",
            NoGuarantee => "{} does not guarantee a shortest solution.",
            Overestimates => "The heuristic {} can overestimate, so {} does not guarantee a shortest solution.",
            WithinDepth => "Found a solution of {} within the depth bound of {}; depth-first search does not look for a shortest one.",
            WeightedBound => "At most {} × the shortest (weighted A*, w = {}): length {}.",
            WeightedShortest => "At most 1 × the shortest (weighted A*, w = 1): length {}, so a shortest solution.",
            WeightedNoBound => "No bound (weighted A*, w = {}, with the heuristic {}, which can overestimate): length {}.",
            NearOptimal => "At most {}% longer than the shortest (lower bound {}).",
            Direct => "{}: {}, {} (solved directly, no search).",
            DirectUnlisted => "{}: {}, {}; the moves are not listed: there are more than the listing cap allows (solved directly, no search).",
            DirectClassic => "classic recursion",
            DirectThreePegPath => "shortest 3-peg path",
            DirectFrameStewart => "Frame-Stewart",
            DirectClassicWhy => "2^n − 1 moves, the shortest possible",
            DirectThreePegPathWhy => "the shortest possible: the largest disk that must move moves once or twice, whichever is shorter",
            DirectFourPegsWhy => "the shortest possible on 4 pegs (Frame-Stewart's optimality was proved by Bousch in 2014)",
            DirectMorePegsWhy => "presumed the shortest: the Frame-Stewart conjecture is unproved for 5 or more pegs",
            ImprovementCancelled => "Improvement cancelled; this is the best answer found.",
            ImprovementTimeLimit => "Improvement stopped at the time limit of {}.",
            ImprovementBudget => "Improvement stopped at its budget of {} expansions.",
            NoShorterWindow => "No window of up to {} moves could be shortened further.",
            Cancelled => "Cancelled by the user.",
            CancelledWhileBuilding => "Cancelled while the pattern databases were being built.",
            TimeLimit => "Stopped at the time limit of {} before finding a solution.",
            MemoryLimit => "Stopped at the memory limit: the search would need more than the {} bytes ({} MiB) it may use without finding the goal. Use a stronger algorithm or heuristic, or a smaller puzzle.",
            StateLimit => "Stopped at the state limit: the search reached the most states it may hold ({}) without finding the goal. Raise the limit or use a stronger algorithm or heuristic.",
            IdRoom => "Stopped at {} states, the most this search can number.",
            ObserverFull => "Stopped after {} expansions, the most the step-through records.",
            NotFollowed => "Not run: the step-through cannot follow a search of this puzzle.",
            PathTooLong => "Stopped: the solution needs more than {} moves, the longest path this search keeps.",
            Stopped => "Stopped.",
            NoAnswer => "No answer was found within the budget.",
            Exhausted => "Every reachable state was searched and the goal is not among them.",
            DepthLimit => "No solution within the depth bound of {} moves: raise the depth bound.",
            LargeBoard => "Optimal solving of a {} board can take days of computing: use weighted A* (at most w × the shortest).",
            LargerWeight => "A larger weight (up to {}) needs fewer states, for a solution that may be longer.",
            TooFarForOptimal => "Stopped before searching: this {} board is at least {} moves from the goal, and no optimal search of a board this large and this far out ends within the {} s time limit. Pick {}: an answer at once, with a proven bound on how far from the shortest it can be.",
            DirectOnlyForHanoi => "Direct solving is only for the Tower of Hanoi: pick a search.",
            TooManyDisks => "{} disks are too many to search (at most {}): use the direct solver.",
            PdbTooLarge => "The pattern databases cover boards of up to {} cells (4×4); a {} board takes {}.",
            DirectFromAnyPosition => "Direct solving from an arbitrary position on {} pegs is not supported: use A* or breadth-first search.",
            Unreadable => "The puzzle could not be read: {}.",
            Refused => "The solver refused this input: {}.",
            BoundShortest => "A shortest solution (its length is a proven lower bound).",
            BoundWithin => "At most {}% longer than the shortest (lower bound {} moves).",
            BoundNone => "No lower bound above 0 is known for this answer of {} moves.",
            CountMoves => "{} moves",
            CountMovesOne => "{} move",
            Unsolvable => "This arrangement cannot reach the goal: the tiles are an {} permutation away from the goal while the blank is at a distance of {} from its goal cell, an {} number; every move changes both parities together, so no sequence of moves can fix it. Swapping any two tiles (not the blank) makes it solvable.",
            Solvable => "✓ solvable",
            UnsolvableWhy => "✗ unsolvable: {} tile permutation, but the blank is an {} distance from its goal cell",
            Odd => "odd",
            Even => "even",
            NoteTablesRead => "Note: pattern databases read from this browser's cache in {}.",
            NoteTablesStored => "Note: pattern databases built and stored in this browser: the next visit skips the build.",
            NoteTablesRebuilt => "Note: the stored pattern databases were unusable ({}), so they were rebuilt and stored again.",
            NoteNoTableStore => "Note: this browser offers no IndexedDB here ({}), so the pattern databases are rebuilt on every visit.",
            NoteTableStoreRefused => "Note: the browser's IndexedDB refused the pattern databases ({}); they will be rebuilt next visit.",
            NoteBuildTook => "Note: the build took {}.",
            NoteBuildTookHelper => "Note: the build took {} with a helper worker.",
            NoteBuildTookHelpers => "Note: the build took {} in {} helper workers.",
            NoteImprovedWith5x5 => "Note: improved with a beam search and the 5x5 pattern databases.",
            NoteBuilding5x5 => "Note: the 5x5 pattern databases are being built in the background ({}% done): until they are ready, 5x5 answers are improved without them; solve again then for a near-optimal answer.",
            NoteShortestOnQuickTables => "Note: found on small pattern databases (4-4-4-3, built in {}) while the full ones (6-6-3) are built in the background and kept in this browser for the next solves.",
        }
    }

    /// Simplified Chinese.
    pub(super) fn zh(self) -> &'static str {
        use Solver::*;
        match self {
            Solved => "已解出，共 {}。",
            SolvedImproved => "已解出，共 {}（初解 {}，之后改进）。",
            Shortest => "这是一条最短解。",
            NoGuarantee => "{}不保证找到最短解。",
            Overestimates => "启发函数“{}”可能高估剩余步数，所以{}不保证找到最短解。",
            WithinDepth => "找到一条 {} 的解，在深度上限 {} 以内；深度优先搜索并不寻找最短解。",
            WeightedBound => "至多是最短解的 {} 倍（加权 A*，w = {}）：解长 {}。",
            WeightedShortest => "解长 {}：w = 1 的加权 A* 就是 A*，所以这是一条最短解。",
            WeightedNoBound => "长度没有保证（加权 A*，w = {}，启发函数“{}”可能高估）：解长 {}。",
            NearOptimal => "至多比最短解长 {}%（下界 {} 步）。",
            Direct => "{}：{}，{}（用公式直接求出，没有搜索）。",
            DirectUnlisted => "{}：{}，{}；步数超过列出上限，因此不逐步列出（用公式直接求出，没有搜索）。",
            DirectClassic => "经典递归",
            DirectThreePegPath => "三柱最短路径",
            DirectFrameStewart => "Frame-Stewart 算法",
            DirectClassicWhy => "即 2^n − 1 步，已是最少",
            DirectThreePegPathWhy => "已是最少：必须移动的最大圆盘移动一次或两次，取较短的一种",
            DirectFourPegsWhy => "是 4 根柱子上的最少步数（Frame-Stewart 算法的最优性已由 Bousch 于 2014 年证明）",
            DirectMorePegsWhy => "推测为最少：Frame-Stewart 猜想在 5 根及以上柱子时尚未得到证明",
            ImprovementCancelled => "改进已取消；这是目前找到的最好答案。",
            ImprovementTimeLimit => "改进到达时间上限（{}），已停止。",
            ImprovementBudget => "改进用完了 {} 次扩展的预算，已停止。",
            NoShorterWindow => "长度不超过 {} 步的片段都已无法再缩短。",
            Cancelled => "已被用户取消。",
            CancelledWhileBuilding => "在构建模式数据库时被取消。",
            TimeLimit => "在找到解之前到达了时间上限（{}），搜索停止。",
            MemoryLimit => "到达内存上限：搜索需要的内存将超过允许的 {} 字节（{} MiB），却仍未找到目标。请换用更强的算法或启发函数，或者换一个更小的谜题。",
            StateLimit => "到达状态数上限：搜索保存的状态已达上限（{} 个），仍未找到目标。请提高上限，或换用更强的算法或启发函数。",
            IdRoom => "搜索在 {} 个状态处停止：这是它能编号的最大数目。",
            ObserverFull => "扩展 {} 次后停止：这是逐步演示最多能记录的次数。",
            NotFollowed => "未运行：逐步演示无法跟踪这个谜题的搜索。",
            PathTooLong => "已停止：解需要超过 {} 步，超出了这个搜索能保存的最长路径。",
            Stopped => "已停止。",
            NoAnswer => "在预算之内没有找到答案。",
            Exhausted => "所有可达状态都已搜索过，其中没有目标。",
            DepthLimit => "在 {} 步的深度上限以内没有解：请提高深度上限。",
            LargeBoard => "{} 棋盘的最优求解可能要算上好几天：请改用加权 A*（解长至多为最短解的 w 倍）。",
            LargerWeight => "更大的权重（最大 {}）需要保存的状态更少，但解可能更长。",
            TooFarForOptimal => "未开始搜索：这个 {} 棋盘离目标至少 {} 步；这么大、离目标这么远的棋盘，任何最优搜索都无法在 {} 秒的时间上限内完成。请选择“{}”：它立刻给出答案，并证明这个答案最多比最短解长多少。",
            DirectOnlyForHanoi => "直接求解只适用于汉诺塔：请选择一种搜索算法。",
            TooManyDisks => "{} 个圆盘太多，无法搜索（最多 {} 个）：请使用直接求解。",
            PdbTooLarge => "模式数据库只覆盖最多 {} 格的棋盘（4×4）；{} 棋盘请使用“{}”。",
            DirectFromAnyPosition => "在 {} 根柱子上不支持从任意局面直接求解：请使用 A* 或广度优先搜索。",
            Unreadable => "无法读取这个谜题：{}。",
            Refused => "求解器拒绝了这个输入：它没有通过求解器内部的检查{}。",
            BoundShortest => "是最短解（其长度等于已证明的下界）。",
            BoundWithin => "最多比最短解长 {}%（下界 {} 步）。",
            BoundNone => "这个 {} 步的解没有大于 0 的已知下界。",
            CountMoves => "{} 步",
            CountMovesOne => "{} 步",
            Unsolvable => "这个局面无法到达目标：方块相对目标是{}排列，而空格离目标格 {} 步，是{}数；每一步都会同时改变这两个奇偶性，所以怎么走都无法弥补。交换任意两个方块（不含空格）即可变为可解。",
            Solvable => "✓ 可解",
            UnsolvableWhy => "✗ 无解：方块排列为{}排列，但空格到目标格的距离为{}数",
            Odd => "奇",
            Even => "偶",
            NoteTablesRead => "附注：模式数据库已从本浏览器的缓存中读出，用时 {}。",
            NoteTablesStored => "附注：模式数据库已构建并保存在本浏览器中：下次访问无需再构建。",
            NoteTablesRebuilt => "附注：保存的模式数据库已无法使用{}，因此重新构建并再次保存。",
            NoteNoTableStore => "附注：这里的浏览器不提供 IndexedDB 存储{}，所以每次访问都要重新构建模式数据库。",
            NoteTableStoreRefused => "附注：浏览器的 IndexedDB 拒绝保存模式数据库{}；下次访问时会重新构建。",
            NoteBuildTook => "附注：构建用时 {}。",
            NoteBuildTookHelper => "附注：构建用时 {}，有一个辅助线程协助。",
            NoteBuildTookHelpers => "附注：构建用时 {}，由 {} 个辅助线程分担。",
            NoteImprovedWith5x5 => "附注：已借助束搜索和 5×5 模式数据库改进。",
            NoteBuilding5x5 => "附注：5×5 模式数据库正在后台构建（已完成 {}%）：完成之前，5×5 的答案不借助它们改进；完成后再求解一次，可得到接近最优的答案。",
            NoteShortestOnQuickTables => "附注：这个解是在小模式数据库（4-4-4-3，构建用时 {}）上找到的；完整的模式数据库（6-6-3）正在后台构建，并保存在本浏览器中供以后求解使用。",
        }
    }
}

impl Text {
    /// Why a board cannot reach its goal, from the solver's parities.
    pub fn unsolvable(why: &Unsolvable) -> Text {
        let parity = |odd: bool| if odd { Solver::Odd } else { Solver::Even };
        Text::new(Solver::Unsolvable)
            .arg(parity(why.odd_permutation))
            .arg(why.blank_distance)
            .arg(parity(why.blank_distance % 2 == 1))
    }

    /// A clause of what the solver said ([`Said`]), as one sentence in the page's words, its numbers formatted as
    /// the page formats them.
    pub fn said(said: &Said) -> Text {
        let shape = |width: u8, height: u8| format!("{width}×{height}");
        match said {
            Said::Solved { length } => Text::new(Solver::Solved).arg(Text::moves(*length)),
            Said::SolvedImproved { length, first } => Text::new(Solver::SolvedImproved)
                .arg(Text::moves(*length))
                .arg(Text::moves(*first)),
            Said::Shortest => Text::new(Solver::Shortest),
            Said::NoGuarantee { algorithm } => Text::new(Solver::NoGuarantee).arg(*algorithm),
            Said::Overestimates {
                heuristic,
                algorithm,
            } => Text::new(Solver::Overestimates)
                .arg(heuristic_arg(heuristic))
                .arg(*algorithm),
            Said::WithinDepth { length, max_depth } => Text::new(Solver::WithinDepth)
                .arg(Text::moves(*length))
                .arg(*max_depth),
            Said::WeightedBound { weight, length } if *weight == Weight::MIN => {
                Text::new(Solver::WeightedShortest).arg(count(*length))
            }
            Said::WeightedBound { weight, length } => Text::new(Solver::WeightedBound)
                .arg(weight.to_string())
                .arg(weight.to_string())
                .arg(count(*length)),
            Said::WeightedNoBound {
                weight,
                heuristic,
                length,
            } => Text::new(Solver::WeightedNoBound)
                .arg(weight.to_string())
                .arg(heuristic_arg(heuristic))
                .arg(count(*length)),
            Said::Bound {
                length,
                lower_bound,
            } => match bound_excess(*length, *lower_bound) {
                BoundExcess::Shortest => Text::new(Solver::BoundShortest),
                BoundExcess::NoBound => Text::new(Solver::BoundNone).arg(count(*length)),
                BoundExcess::AtMost(p) => Text::new(Solver::BoundWithin).arg(p).arg(*lower_bound),
            },
            Said::NearOptimal {
                length,
                lower_bound,
            } => Text::new(Solver::NearOptimal)
                .arg(format!(
                    "{:.1}",
                    solver::report::near_optimal_percent(*length, *lower_bound)
                ))
                .arg(count(*lower_bound)),
            Said::Direct {
                method,
                length,
                listed,
            } => Text::direct(method, *length, *listed),
            Said::ImprovementCancelled => Text::new(Solver::ImprovementCancelled),
            Said::ImprovementTimeLimit { ms } => {
                Text::new(Solver::ImprovementTimeLimit).arg(duration(*ms))
            }
            Said::ImprovementBudget { expansions } => {
                Text::new(Solver::ImprovementBudget).arg(count(*expansions))
            }
            Said::NoShorterWindow { largest } => {
                Text::new(Solver::NoShorterWindow).arg(count(*largest))
            }
            Said::Cancelled => Text::new(Solver::Cancelled),
            Said::CancelledWhileBuilding => Text::new(Solver::CancelledWhileBuilding),
            Said::TimeLimit { ms } => Text::new(Solver::TimeLimit).arg(duration(*ms)),
            // The limit as the worker sets it, in bytes, and in whole MiB.
            Said::MemoryLimit { bytes } => {
                Text::new(Solver::MemoryLimit).arg(*bytes).arg(bytes >> 20)
            }
            Said::StateLimit { max_states } => {
                Text::new(Solver::StateLimit).arg(count(*max_states))
            }
            Said::IdRoom { states } => Text::new(Solver::IdRoom).arg(count(*states)),
            Said::ObserverFull { expanded } => {
                Text::new(Solver::ObserverFull).arg(count(*expanded))
            }
            Said::NotFollowed => Text::new(Solver::NotFollowed),
            Said::PathTooLong { longest } => Text::new(Solver::PathTooLong).arg(count(*longest)),
            Said::Stopped => Text::new(Solver::Stopped),
            Said::NoAnswer => Text::new(Solver::NoAnswer),
            Said::Exhausted => Text::new(Solver::Exhausted),
            Said::DepthLimit { max_depth } => Text::new(Solver::DepthLimit).arg(*max_depth),
            Said::LargeBoard { width, height } => {
                Text::new(Solver::LargeBoard).arg(shape(*width, *height))
            }
            Said::LargerWeight => Text::new(Solver::LargerWeight).arg(Weight::MAX.to_string()),
            Said::Unsolvable {
                odd_permutation,
                blank_distance,
            } => Text::unsolvable(&Unsolvable {
                odd_permutation: *odd_permutation,
                blank_distance: usize::try_from(*blank_distance).unwrap_or(usize::MAX),
            }),
            Said::TooFarForOptimal {
                width,
                height,
                bound,
                seconds,
            } => Text::new(Solver::TooFarForOptimal)
                .arg(shape(*width, *height))
                .arg(count(*bound))
                .arg(*seconds)
                .arg(Algorithm::Staged),
            Said::DirectOnlyForHanoi => Text::new(Solver::DirectOnlyForHanoi),
            Said::TooManyDisks { disks, most } => {
                Text::new(Solver::TooManyDisks).arg(*disks).arg(*most)
            }
            Said::PdbTooLarge {
                width,
                height,
                most_cells,
            } => Text::new(Solver::PdbTooLarge)
                .arg(*most_cells)
                .arg(shape(*width, *height))
                .arg(HeuristicName::LinearConflict),
            Said::DirectFromAnyPosition { pegs } => {
                Text::new(Solver::DirectFromAnyPosition).arg(*pegs)
            }
            Said::Unreadable { query } => {
                let why = match solver::query::parse(query) {
                    Err(e) => Text::query_error(&e),
                    Ok(_) => Text::new(BadLink::Empty),
                };
                Text::new(Solver::Unreadable).arg(why)
            }
            Said::Refused { detail } => {
                Text::new(Solver::Refused).arg(Arg::English(detail.clone()))
            }
        }
    }

    /// How the direct solver solved a tower: the method, the length and why it is (or is presumed) the shortest.
    fn direct(method: &DirectMethod, length: u64, listed: bool) -> Text {
        let (name, why) = match method {
            DirectMethod::Classic => (Solver::DirectClassic, Solver::DirectClassicWhy),
            DirectMethod::ThreePegPath => {
                (Solver::DirectThreePegPath, Solver::DirectThreePegPathWhy)
            }
            DirectMethod::FrameStewart { pegs: 4 } => {
                (Solver::DirectFrameStewart, Solver::DirectFourPegsWhy)
            }
            DirectMethod::FrameStewart { .. } => {
                (Solver::DirectFrameStewart, Solver::DirectMorePegsWhy)
            }
        };
        let key = if listed {
            Solver::Direct
        } else {
            Solver::DirectUnlisted
        };
        Text::new(key).arg(name).arg(Text::moves(length)).arg(why)
    }

    /// A count of moves ("31 moves", "1 move"), the count with the page's thousands separators.
    pub fn moves(n: u64) -> Text {
        let key = if n == 1 {
            Solver::CountMovesOne
        } else {
            Solver::CountMoves
        };
        Text::new(key).arg(count(n))
    }

    /// Every clause of what the solver said, one sentence each.
    pub fn said_all(said: &[Said]) -> Vec<Text> {
        said.iter().map(Text::said).collect()
    }

    /// A worker's note on a report ([`Note`]).
    pub fn note(note: &Note) -> Text {
        match note {
            Note::TablesRead { ms } => {
                Text::new(Solver::NoteTablesRead).arg(crate::format::duration_ms(*ms))
            }
            Note::TablesStored => Text::new(Solver::NoteTablesStored),
            Note::TablesRebuilt { why } => {
                Text::new(Solver::NoteTablesRebuilt).arg(Arg::English(why.clone()))
            }
            Note::NoTableStore { why } => {
                Text::new(Solver::NoteNoTableStore).arg(Arg::English(why.clone()))
            }
            Note::TableStoreRefused { why } => {
                Text::new(Solver::NoteTableStoreRefused).arg(Arg::English(why.clone()))
            }
            Note::BuildTook { ms, helpers } => {
                let took = crate::format::duration_ms(*ms);
                match helpers {
                    0 => Text::new(Solver::NoteBuildTook).arg(took),
                    1 => Text::new(Solver::NoteBuildTookHelper).arg(took),
                    n => Text::new(Solver::NoteBuildTookHelpers).arg(took).arg(*n),
                }
            }
            Note::ImprovedWith5x5 => Text::new(Solver::NoteImprovedWith5x5),
            Note::Building5x5 { percent } => Text::new(Solver::NoteBuilding5x5).arg(*percent),
            Note::ShortestOnQuickTables { ms } => {
                Text::new(Solver::NoteShortestOnQuickTables).arg(crate::format::duration_ms(*ms))
            }
        }
    }
}
