//! The solver's Web Worker.
fn main() {}
