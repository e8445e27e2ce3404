//! Benchmark instance files (Korf's 100 15-puzzles, Korf and Felner's 50 24-puzzles), one reader for both:
//! `id <TAB> optimal length <TAB> tiles for the blank-first goal <TAB> tiles for the goal 1,...,N-1,0`, `#` comments.

use std::path::Path;

/// One instance with its known optimal length, in both goal conventions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    pub id: u32,
    pub optimal: u64,
    /// The tiles for the goal 0,1,...,N-1 (blank top-left, Korf's convention).
    pub blank_first: Vec<u8>,
    /// The same instance for the goal 1,...,N-1,0 (the app's default goal).
    pub blank_last: Vec<u8>,
}

/// Reads the instance file at `path`, checking that every board has `cells` tiles.
pub fn read(path: &Path, cells: usize) -> Result<Vec<Instance>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        format!(
            "cannot read {}: {e} (give the file with --data)",
            path.display()
        )
    })?;
    let instances = parse(&text, cells)?;
    if instances.is_empty() {
        return Err(format!("{} holds no instances", path.display()));
    }
    Ok(instances)
}

/// Parses an instance file's text; errors name the line and the field.
pub fn parse(text: &str, cells: usize) -> Result<Vec<Instance>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != 4 {
            return Err(format!(
                "line {line_no}: expected 4 tab-separated columns, found {}",
                fields.len()
            ));
        }
        let id = fields[0]
            .trim()
            .parse()
            .map_err(|_| format!("line {line_no}: bad id {:?}", fields[0]))?;
        let optimal = fields[1]
            .trim()
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("line {line_no}: bad length {:?}", fields[1]))?;
        out.push(Instance {
            id,
            optimal,
            blank_first: parse_tiles(fields[2], line_no, cells)?,
            blank_last: parse_tiles(fields[3], line_no, cells)?,
        });
    }
    Ok(out)
}

fn parse_tiles(text: &str, line: usize, cells: usize) -> Result<Vec<u8>, String> {
    let tiles = text
        .split(',')
        .map(|t| {
            t.trim()
                .parse::<u8>()
                .map_err(|_| format!("line {line}: {t:?} is not a tile number"))
        })
        .collect::<Result<Vec<u8>, String>>()?;
    if tiles.len() != cells {
        return Err(format!(
            "line {line}: {} tiles, but the board has {cells}",
            tiles.len()
        ));
    }
    Ok(tiles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_columns_and_names_bad_lines() {
        let text = "# comment\n1\t3\t1,2,3,0\t0,3,2,1\n";
        let got = parse(text, 4).unwrap();
        assert_eq!(got[0].id, 1);
        assert_eq!(got[0].optimal, 3);
        assert_eq!(got[0].blank_first, vec![1, 2, 3, 0]);
        assert_eq!(got[0].blank_last, vec![0, 3, 2, 1]);
        assert!(parse("1\t3\t1,2,3\t0,3,2,1\n", 4)
            .unwrap_err()
            .contains("line 1: 3 tiles"));
        assert!(parse("1\t0\t1,2,3,0\t0,3,2,1\n", 4)
            .unwrap_err()
            .contains("bad length"));
        assert!(parse("1\t3\t1,2,3,0\n", 4)
            .unwrap_err()
            .contains("4 tab-separated"));
    }

    #[test]
    fn the_shipped_files_parse() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        assert_eq!(read(&dir.join("korf100.tsv"), 16).unwrap().len(), 100);
        assert_eq!(
            read(&dir.join("korf-felner50-24puzzle.tsv"), 25)
                .unwrap()
                .len(),
            50
        );
    }
}
