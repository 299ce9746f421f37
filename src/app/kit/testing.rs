//! Native tests of the app's models: a reactive owner to create values and effects in.

/// Effects are created natively but never run: what a test calls must not need them.
struct SetAside;

impl any_spawner::CustomExecutor for SetAside {
    fn spawn(&self, _: any_spawner::PinnedFuture<()>) {}
    fn spawn_local(&self, _: any_spawner::PinnedLocalFuture<()>) {}
    fn poll_local(&self) {}
}

/// Runs `f` under a fresh reactive owner, with effects set aside.
pub(crate) fn with_owner<T>(f: impl FnOnce() -> T) -> T {
    // Set once per test process (a second call is refused, and that is fine).
    let _ = any_spawner::Executor::init_custom_executor(SetAside);
    leptos::prelude::Owner::new().with(f)
}
