//! Reminders, guests' links and the phone outbox (migration 0018).

use async_trait::async_trait;

use super::motores::para_cada_motor;

#[async_trait]
pub trait Recordatorios {}

para_cada_motor! {
    #[async_trait]
    impl Recordatorios for Motor {}
}
