//! The solver's Web Worker: loaded by static/worker-boot.js, it answers the app's requests.

fn main() {
    puzzle_lab::worker::start();
}
