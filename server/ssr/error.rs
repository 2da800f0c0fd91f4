//! Render-engine errors. Details go to the log; users see the app's error page.

use std::time::Duration;

/// Why a render did not produce a page.
#[derive(Debug, thiserror::Error)]
pub enum SsrError {
    /// The bundle could not be loaded into an engine.
    #[error("no se pudo cargar el paquete de la interfaz: {0}")]
    Load(String),
    /// The render threw or returned something unusable.
    #[error("falló el render: {0}")]
    Render(String),
    /// The render ran past its deadline and was interrupted.
    #[error("el render superó el tiempo máximo de {0:?}")]
    Timeout(Duration),
    /// The render reached the engine's memory limit and was stopped (the engine is replaced).
    #[error("el render superó el límite de memoria del motor: {0}")]
    OutOfMemory(String),
    /// Every engine is busy and the queue is full.
    #[error("el servidor está saturado")]
    Overloaded,
    /// The engine threads are gone (shutting down).
    #[error("el motor de render no está disponible")]
    Unavailable,
}
