//! The ground floor's one rule, checked: no file under `solver/src/rules/` names a module above it. Its own
//! modules, the standard library and serde are all it may use, so that every other part of the crate can read the
//! rules without a circle. (A test of its own, outside `rules/`, so that its examples of bad imports are not read
//! as the rules' own.)

use std::path::{Path, PathBuf};

/// The crates a rule may name besides its own modules.
const BELOW: [&str; 4] = ["std", "core", "alloc", "serde"];

/// Every `.rs` file under `dir`, depth first.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the rules folder is readable") {
        let path = entry.expect("a readable entry").path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The identifier at the start of `text`.
fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// What in one file's code (comments aside) reaches above the rules: `crate::X` for any X but `rules`, `super::`
/// out of `rules/mod.rs`, `super::super::`, or a `use` of a crate other than those [`BELOW`] and its own modules.
fn imports_from_above(text: &str, is_root: bool, own: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let at = |what: &str| format!("line {}: {what} in `{}`", number + 1, code);
        for (start, _) in code.match_indices("crate::") {
            let module = ident(&code[start + "crate::".len()..]);
            if module != "rules" {
                found.push(at(&format!("crate::{module}")));
            }
        }
        if code.contains("super::super::") || (is_root && code.contains("super::")) {
            found.push(at("a module above rules"));
        }
        let rest = code.strip_prefix("pub ").unwrap_or(code);
        let rest = rest.strip_prefix("pub(crate) ").unwrap_or(rest);
        if let Some(path) = rest.strip_prefix("use ") {
            let first = ident(path.trim_start_matches("::"));
            let allowed = ["crate", "super", "self"].contains(&first)
                || BELOW.contains(&first)
                || own.iter().any(|m| m == first);
            if !allowed {
                found.push(at(&format!("the crate `{first}`")));
            }
        }
    }
    found
}

#[test]
fn the_rules_import_nothing_above_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let files = sources(&dir);
    let own: Vec<String> = files
        .iter()
        .filter_map(|p| p.file_stem()?.to_str().map(str::to_string))
        .collect();
    assert!(files.len() > 5, "the rules are read from {}", dir.display());
    let mut above = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a readable source file");
        let is_root =
            file.file_name().is_some_and(|n| n == "mod.rs") && file.parent() == Some(&dir);
        for what in imports_from_above(&text, is_root, &own) {
            above.push(format!("{}: {what}", file.display()));
        }
    }
    assert!(
        above.is_empty(),
        "the rules import from above them:\n{}",
        above.join("\n")
    );
}

#[test]
fn an_import_from_above_is_seen() {
    let own = ["limits".to_string()];
    assert!(
        imports_from_above("use super::limits::MAX_SIDE;\nuse std::fmt;", false, &own).is_empty()
    );
    assert!(imports_from_above(
        "/// see [`crate::staged`]\nuse crate::rules::Weight;",
        false,
        &own
    )
    .is_empty());
    assert_eq!(
        imports_from_above("use crate::sliding::Shape;", false, &own).len(),
        1
    );
    assert_eq!(
        imports_from_above("    let n = crate::pdb::PDB_MAX_CELLS;", false, &own).len(),
        1
    );
    assert_eq!(
        imports_from_above("use super::super::search;", false, &own).len(),
        1
    );
    assert_eq!(
        imports_from_above("use super::search;", true, &own).len(),
        1
    );
    assert_eq!(imports_from_above("use rand::Rng;", false, &own).len(), 1);
}
