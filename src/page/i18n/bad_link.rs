//! Why a link's puzzle could not be read ([`QueryError`]), one sentence per refusal, and the notice that says so.

use super::{words, Controls, Text};
use solver::query::QueryError;
use solver::PuzzleKind;

words! {
    /// Words of a link that could not be read.
    BadLink {
        Notice,
        Empty,
        NoQuery,
        BadEscape,
        NotUtf8,
        DuplicateKey,
        EmptyValue,
        Missing,
        UnknownPuzzle,
        WrongKey,
        BadSize,
        SizeOutOfRange,
        NotANumber,
        PegsOutOfRange,
        DisksOutOfRange,
        BadListItem,
        WrongTileCount,
        WrongDiskCount,
        TileOutOfRange,
        DuplicateTile,
        PegOutOfRange,
        UnknownAlgorithm,
        UnknownHeuristic,
        HeuristicNotForPuzzle,
        Weight,
        WeightWithoutWeighted,
    }
}

impl BadLink {
    /// English.
    pub(super) fn en(self) -> &'static str {
        use BadLink::*;
        match self {
            Notice => "This link could not be read: {}. Showing a shuffled 8-puzzle instead.",
            Empty => "the link holds no puzzle",
            NoQuery => "the address has nothing after '?'",
            BadEscape => "'%{}' is not a percent escape",
            NotUtf8 => "'{}' does not decode to text",
            DuplicateKey => "'{}' is given twice",
            EmptyValue => "'{}' has no value",
            Missing => "'{}' is missing",
            UnknownPuzzle => "unknown puzzle '{}': use sliding or hanoi",
            WrongKey => "'{}' does not apply to a {}",
            BadSize => "size '{}' is not width x height (for example 3x3)",
            SizeOutOfRange => "size {} is out of range: width and height must each be {} to {}",
            NotANumber => "{} '{}' is not a whole number",
            PegsOutOfRange => "{} pegs is out of range: use {} to {} pegs",
            DisksOutOfRange => "{} disks is out of range: use {} to {} disks",
            BadListItem => "item {} of {} ('{}') is not a whole number",
            WrongTileCount => "{} has {} numbers but a {} board needs {}",
            WrongDiskCount => "{} has {} numbers but {} disks need as many",
            TileOutOfRange => {
                "tile {} in {} is out of range: a {} board has tiles 1 to {} and 0 for the blank"
            }
            DuplicateTile => "tile {} appears twice in {}, and tile {} is missing (0 is the blank)",
            PegOutOfRange => "disk {} in {} is on peg {}, but a {}-peg puzzle has pegs 0 to {}",
            UnknownAlgorithm => "unknown algorithm '{}'",
            UnknownHeuristic => "unknown heuristic '{}'",
            HeuristicNotForPuzzle => "the heuristic {} does not apply to a {}",
            Weight => "the weight must be a number from 1 to 10 with at most two decimals",
            WeightWithoutWeighted => "a weight is for weighted A* only",
        }
    }

    /// Simplified Chinese.
    pub(super) fn zh(self) -> &'static str {
        use BadLink::*;
        match self {
            Notice => "无法读取此链接：{}。改为显示一个随机打乱的 8 数码。",
            Empty => "链接里没有谜题",
            NoQuery => "地址里“?”之后没有内容",
            BadEscape => "“%{}”不是合法的百分号转义",
            NotUtf8 => "“{}”无法解码为文字",
            DuplicateKey => "“{}”出现了两次",
            EmptyValue => "“{}”没有值",
            Missing => "缺少“{}”",
            UnknownPuzzle => "未知的谜题“{}”：应为 sliding（滑块拼图）或 hanoi（汉诺塔）",
            WrongKey => "“{}”不适用于{}",
            BadSize => "尺寸“{}”不是“宽x高”的形式（例如 3x3）",
            SizeOutOfRange => "尺寸 {} 超出范围：宽和高都必须在 {} 到 {} 之间",
            NotANumber => "{}“{}”不是整数",
            PegsOutOfRange => "柱子数 {} 超出范围：应为 {} 到 {} 根",
            DisksOutOfRange => "圆盘数 {} 超出范围：应为 {} 到 {} 个",
            BadListItem => "第 {} 项（在 {} 中，“{}”）不是整数",
            WrongTileCount => "{} 有 {} 个数，但 {} 棋盘需要 {} 个",
            WrongDiskCount => "{} 有 {} 个数，但 {} 个圆盘需要同样多个",
            TileOutOfRange => "方块 {}（在 {} 中）超出范围：{} 棋盘的方块是 1 到 {}，空格记为 0",
            DuplicateTile => "方块 {} 在 {} 中出现了两次，而方块 {} 缺失（0 表示空格）",
            PegOutOfRange => "圆盘 {}（在 {} 中）位于柱 {}，但 {} 柱的谜题只有柱 0 到 {}",
            UnknownAlgorithm => "未知的算法“{}”",
            UnknownHeuristic => "未知的启发函数“{}”",
            HeuristicNotForPuzzle => "启发函数“{}”不适用于{}",
            Weight => "权重必须是 1 到 10 之间、最多两位小数的数",
            WeightWithoutWeighted => "权重只用于加权 A*",
        }
    }
}

impl Text {
    /// Why a puzzle's query (a link) could not be read, in the page's words.
    pub fn query_error(error: &QueryError) -> Text {
        use solver::rules::{MAX_DISKS, MAX_PEGS, MAX_SIDE, MIN_DISKS, MIN_PEGS, MIN_SIDE};
        let kind = |puzzle: PuzzleKind| match puzzle {
            PuzzleKind::Sliding => Controls::KindSliding,
            PuzzleKind::Hanoi => Controls::KindHanoi,
        };
        let board = |width: u8, height: u8| format!("{width}×{height}");
        match error {
            QueryError::Empty => Text::new(BadLink::Empty),
            QueryError::NoQuery => Text::new(BadLink::NoQuery),
            QueryError::BadEscape { escape } => Text::new(BadLink::BadEscape).arg(shown(escape)),
            QueryError::NotUtf8 { text } => Text::new(BadLink::NotUtf8).arg(shown(text)),
            QueryError::DuplicateKey(key) => Text::new(BadLink::DuplicateKey).arg(*key),
            QueryError::EmptyValue(key) => Text::new(BadLink::EmptyValue).arg(*key),
            QueryError::Missing(key) => Text::new(BadLink::Missing).arg(*key),
            QueryError::UnknownPuzzle(value) => Text::new(BadLink::UnknownPuzzle).arg(shown(value)),
            QueryError::WrongKey { key, puzzle } => {
                Text::new(BadLink::WrongKey).arg(*key).arg(kind(*puzzle))
            }
            QueryError::BadSize(value) => Text::new(BadLink::BadSize).arg(shown(value)),
            QueryError::SizeOutOfRange(value) => Text::new(BadLink::SizeOutOfRange)
                .arg(shown(value))
                .arg(MIN_SIDE)
                .arg(MAX_SIDE),
            QueryError::NotANumber { key, value } => {
                Text::new(BadLink::NotANumber).arg(*key).arg(shown(value))
            }
            QueryError::PegsOutOfRange(value) => Text::new(BadLink::PegsOutOfRange)
                .arg(shown(value))
                .arg(MIN_PEGS)
                .arg(MAX_PEGS),
            QueryError::DisksOutOfRange(value) => Text::new(BadLink::DisksOutOfRange)
                .arg(shown(value))
                .arg(MIN_DISKS)
                .arg(MAX_DISKS),
            QueryError::BadListItem {
                key,
                position,
                item,
            } => Text::new(BadLink::BadListItem)
                .arg(*position)
                .arg(*key)
                .arg(shown(item)),
            QueryError::WrongTileCount {
                key,
                got,
                width,
                height,
            } => Text::new(BadLink::WrongTileCount)
                .arg(*key)
                .arg(*got)
                .arg(board(*width, *height))
                .arg(usize::from(*width) * usize::from(*height)),
            QueryError::WrongDiskCount { key, got, disks } => Text::new(BadLink::WrongDiskCount)
                .arg(*key)
                .arg(*got)
                .arg(*disks),
            QueryError::TileOutOfRange {
                key,
                tile,
                width,
                height,
            } => Text::new(BadLink::TileOutOfRange)
                .arg(*tile)
                .arg(*key)
                .arg(board(*width, *height))
                .arg((usize::from(*width) * usize::from(*height)).saturating_sub(1)),
            QueryError::DuplicateTile { key, tile, missing } => Text::new(BadLink::DuplicateTile)
                .arg(*tile)
                .arg(*key)
                .arg(*missing),
            QueryError::PegOutOfRange {
                key,
                disk,
                peg,
                pegs,
            } => Text::new(BadLink::PegOutOfRange)
                .arg(*disk)
                .arg(*key)
                .arg(*peg)
                .arg(*pegs)
                .arg(pegs.saturating_sub(1)),
            QueryError::UnknownAlgorithm(value) => {
                Text::new(BadLink::UnknownAlgorithm).arg(shown(value))
            }
            QueryError::UnknownHeuristic(value) => {
                Text::new(BadLink::UnknownHeuristic).arg(shown(value))
            }
            QueryError::HeuristicNotForPuzzle { heuristic, puzzle } => {
                Text::new(BadLink::HeuristicNotForPuzzle)
                    .arg(*heuristic)
                    .arg(kind(*puzzle))
            }
            QueryError::Weight(_) => Text::new(BadLink::Weight),
            QueryError::WeightWithoutWeighted { .. } => Text::new(BadLink::WeightWithoutWeighted),
        }
    }
}

/// Text quoted from a link, cut short as the solver's own messages cut it.
fn shown(text: &str) -> String {
    const SHOWN_CHARS: usize = 40;
    let mut shown: String = text.chars().take(SHOWN_CHARS).collect();
    if text.chars().count() > SHOWN_CHARS {
        shown.push('…');
    }
    shown
}
