//! The branch's waitlist (migration 0018's `lista_espera`).

use async_trait::async_trait;

use super::motores::para_cada_motor;

#[async_trait]
pub trait Espera {}

para_cada_motor! {
    #[async_trait]
    impl Espera for Motor {}
}
