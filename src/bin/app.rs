//! Mounts the Puzzle Lab app.
fn main() {}
