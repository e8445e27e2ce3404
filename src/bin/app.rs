//! Mounts the Puzzle Lab app into `#app` (replacing the loading note), or into the body.

fn main() {
    console_error_panic_hook::set_once();
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| {
        d.get_element_by_id("app")
            .or_else(|| d.body().map(Into::into))
    });
    match root {
        Some(root) => {
            root.set_inner_html("");
            yew::Renderer::<puzzle_lab::page::app::App>::with_root(root).render();
        }
        None => {
            yew::Renderer::<puzzle_lab::page::app::App>::new().render();
        }
    }
}
