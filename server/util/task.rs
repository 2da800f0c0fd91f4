//! Background tasks that outlive a panic. A request's panic is caught by the router and answered
//! 500; a long-lived task (the mail worker, the SRI worker, the Lector's resumer) that panicked
//! would simply stop, and the server would go on without it. [`supervise`] logs the panic and
//! starts the task again after a pause.

use std::future::Future;
use std::time::Duration;

/// Pause before a task that panicked starts again.
pub const RESTART_AFTER: Duration = Duration::from_secs(5);

/// Sends every panic's message and place to the log (with the request's span, when a request
/// panicked), so a panic caught by the router, a worker or the blocking pool is seen in the same
/// place as everything else.
pub fn log_panics() {
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let thread = std::thread::current();
        tracing::error!(
            hilo = thread.name().unwrap_or("?"),
            lugar = %place,
            "error interno (panic): {message}"
        );
    }));
}

/// Runs the task `start` makes on the current runtime; when it panics, logs it and starts a new
/// one after [`RESTART_AFTER`]. A task that returns is not started again.
pub fn supervise<F, Fut>(name: &'static str, start: F)
where
    F: Fn() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    supervise_after(name, RESTART_AFTER, start);
}

fn supervise_after<F, Fut>(name: &'static str, pause: Duration, start: F)
where
    F: Fn() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    tokio::spawn(async move {
        loop {
            match tokio::spawn(start()).await {
                Err(err) if err.is_panic() => {
                    tracing::error!(
                        tarea = name,
                        "la tarea se detuvo por un error interno; se reinicia en {} ms",
                        pause.as_millis()
                    );
                    tokio::time::sleep(pause).await;
                }
                _ => return,
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn a_task_that_panics_is_started_again() {
        let starts = Arc::new(AtomicUsize::new(0));
        let counted = starts.clone();
        let pause = Duration::from_millis(20);
        supervise_after("prueba", pause, move || {
            let n = counted.fetch_add(1, Ordering::SeqCst);
            async move {
                if n < 2 {
                    panic!("falla {n}");
                }
            }
        });
        tokio::time::sleep(pause * 10).await;
        // Two panics, two restarts; the third run returned and is not started again.
        assert_eq!(starts.load(Ordering::SeqCst), 3);
    }
}
