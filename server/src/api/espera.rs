//! `/api/v1/admin/espera`: the branch's waitlist.

use utoipa_axum::router::OpenApiRouter;

use crate::estado::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
