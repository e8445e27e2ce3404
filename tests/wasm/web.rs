//! Browser tests of the app.
