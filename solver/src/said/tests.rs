//! Every clause and note: one of each kind, read back from JSON, with English words.

use super::*;

#[test]
fn the_examples_hold_every_kind() {
    let mut said: Vec<usize> = Said::examples().iter().map(Said::kind).collect();
    said.dedup();
    assert_eq!(said, (0..Said::KINDS).collect::<Vec<_>>());
    let mut notes: Vec<usize> = Note::examples().iter().map(Note::kind).collect();
    notes.dedup();
    assert_eq!(notes, (0..Note::KINDS).collect::<Vec<_>>());
}

#[test]
fn every_clause_reads_back_from_json_and_has_english_words() {
    for said in Said::examples() {
        let json = serde_json::to_string(&said).unwrap_or_default();
        let back: Option<Said> = serde_json::from_str(&json).ok();
        assert_eq!(back.as_ref(), Some(&said), "{json}");
        assert!(!said.to_string().is_empty() && !said.to_string().contains("{}"));
    }
    for note in Note::examples() {
        let json = serde_json::to_string(&note).unwrap_or_default();
        let back: Option<Note> = serde_json::from_str(&json).ok();
        assert_eq!(back.as_ref(), Some(&note), "{json}");
    }
}

#[test]
fn an_unreadable_query_says_why_in_the_parsers_words() {
    let said = Said::Unreadable {
        query: "puzzle=sliding&size=9x9".into(),
    };
    let why = crate::query::parse("puzzle=sliding&size=9x9")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(!why.is_empty());
    assert_eq!(
        said.to_string(),
        format!("the puzzle could not be read: {why}")
    );
}
