//! Sharing a run: the link, the exports (files and pictures), the embed code, and the notices about a link's
//! options.

use super::words;

words! {
    /// Words of sharing and exporting.
    Sharing {
        Share,
        ShareTitle,
        ShareLink,
        LinkCopied,
        CopyByHand,
        Export,
        ExportTitle,
        ExportRunJson,
        ExportRunCsv,
        ExportNoRun,
        ExportPicture,
        /// An export button's label: {view} as {format}.
        ExportImageLabel,
        ExportCompareCsv,
        ExportFailed,
        EmbedCode,
        EmbedCodeTitle,
        EmbedOpenFull,
        EmbedOpenFullTitle,
        EmbedCopied,
        EmbedByHand,
        BadAt,
        BadEmbed,
        BadDepth,
        AtBeyond,
    }
}

impl Sharing {
    /// English.
    pub(super) fn en(self) -> &'static str {
        use Sharing::*;
        match self {
            Share => "Share",
            ShareTitle => "Copy a link that opens this exact puzzle",
            ShareLink => "Link to this puzzle",
            LinkCopied => "Link copied to the clipboard: it opens this exact puzzle.",
            CopyByHand => "Copy the link below by hand (the clipboard is not available here: {}).",
            Export => "Export",
            ExportTitle => "Download this run (JSON, CSV) or a picture of the puzzle (SVG, PNG)",
            ExportRunJson => "Run as JSON (the command line's format)",
            ExportRunCsv => "Run as CSV (statistics, moves, nodes by depth)",
            ExportNoRun => "Solve first: there is no run to export yet.",
            ExportPicture => "Picture of the puzzle:",
            ExportImageLabel => "Download “{}” as {}",
            ExportCompareCsv => "Table as CSV",
            ExportFailed => "The export failed: {}. Try again, or try the other format.",
            EmbedCode => "Copy embed code",
            EmbedCodeTitle => "Copy an <iframe> snippet that shows this run, at this move, on another page",
            EmbedOpenFull => "Open in Puzzle Lab ↗",
            EmbedOpenFullTitle => "Open this run in the full app, in a new tab",
            EmbedCopied => "Embed code copied to the clipboard: paste it into your page's HTML.",
            EmbedByHand => "The embed code could not be copied ({}): copy it from the box below.",
            BadAt => "The link's move 'at={}' is not a whole number of moves: the run opens at its start.",
            BadEmbed => "The link's 'embed={}' is neither 1 nor 0: the full page is shown.",
            BadDepth => "The link's depth limit 'depth={}' is not a whole number from 1 to 200: DFS searches to its default depth.",
            AtBeyond => "The link opens at move {}, but the solution found has {} moves: it is shown at its end.",
        }
    }

    /// Simplified Chinese.
    pub(super) fn zh(self) -> &'static str {
        use Sharing::*;
        match self {
            Share => "分享",
            ShareTitle => "复制一个能打开这道谜题的链接",
            ShareLink => "这道谜题的链接",
            LinkCopied => "链接已复制到剪贴板：它会打开这个谜题的当前局面。",
            CopyByHand => "请手动复制下面的链接（此处无法使用剪贴板：{}）。",
            Export => "导出",
            ExportTitle => "下载这次求解（JSON、CSV）或谜题的图片（SVG、PNG）",
            ExportRunJson => "求解结果（JSON，与命令行格式相同）",
            ExportRunCsv => "求解结果（CSV：统计、步骤、各深度的节点数）",
            ExportNoRun => "请先求解：还没有可以导出的结果。",
            ExportPicture => "谜题图片：",
            ExportImageLabel => "将“{}”下载为 {}",
            ExportCompareCsv => "表格导出为 CSV",
            ExportFailed => "导出失败：{}。请重试，或换一种格式。",
            EmbedCode => "复制嵌入代码",
            EmbedCodeTitle => "复制一段 <iframe> 代码，在其他网页上展示这次求解（停在当前这一步）",
            EmbedOpenFull => "在解谜实验室中打开 ↗",
            EmbedOpenFullTitle => "在新标签页中用完整应用打开这次求解",
            EmbedCopied => "嵌入代码已复制到剪贴板：把它粘贴到你网页的 HTML 中。",
            EmbedByHand => "无法复制嵌入代码（{}）：请从下面的文本框中手动复制。",
            BadAt => "链接中的步数 'at={}' 不是整数：从起点开始展示。",
            BadEmbed => "链接中的 'embed={}' 既不是 1 也不是 0：显示完整页面。",
            BadDepth => {
                "链接中的深度上限 'depth={}' 不是 1 到 200 之间的整数：深度优先搜索使用默认深度。"
            }
            AtBeyond => "链接要求停在第 {} 步，但找到的解只有 {} 步：显示在终点。",
        }
    }
}
