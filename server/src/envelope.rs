//! The success envelope `{status, message, data}` every answer of the API shares.

use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// The `status` field of the envelope.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Estado {
    Success,
    Error,
}

/// A successful answer: `data` is the payload, `message` a short Spanish line a screen may show.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    #[schema(example = "success")]
    pub status: Estado,
    pub message: String,
    pub data: T,
}

impl<T: Serialize> Envelope<T> {
    /// 200 with `data`.
    pub fn ok(message: impl Into<String>, data: T) -> Self {
        Envelope {
            status: Estado::Success,
            message: message.into(),
            data,
        }
    }
}

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(self) -> Response {
        axum::Json(self).into_response()
    }
}
