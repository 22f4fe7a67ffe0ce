//! Session tokens: random, handed to the client once, stored only as their SHA-256.

use rand::RngCore;
use sha2::{Digest, Sha256};

/// A new random 256-bit token, hex encoded; returned once to the client, never stored.
pub fn nuevo_token() -> String {
    let mut b = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut b);
    hex::encode(b)
}

/// The form in which a token is stored and looked up.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_256_random_bits_in_hex() {
        let t = nuevo_token();
        assert_eq!(t.len(), 64);
        assert_ne!(t, nuevo_token());
    }
}
