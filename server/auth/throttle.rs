//! Sign-in throttling that stops password guessing without letting a stranger lock a user out.
//!
//! Counting failures per e-mail alone (the first scheme) meant anyone who knew a colleague's
//! address could keep them out with five wrong passwords. Failures are now counted (in the
//! database, so every app server agrees, over a [`WINDOW`] of 15 minutes) against three keys,
//! and only the first two can refuse an attempt:
//!
//! 1. **The pair (account, client address).** [`FREE_PER_PAIR`] failures cost nothing; after
//!    that each new attempt of the pair must wait a delay that doubles with every failure:
//!    30 s, 1 min, 2 min, 4 min, 8 min, then the whole window. The owner signing in from their
//!    own address is never slowed by what another address did.
//! 2. **The client address.** [`MAX_PER_IP`] failures in the window, whatever the accounts, and
//!    the address is refused until they age out (a guesser cannot spread itself over accounts;
//!    the ceiling is high because an office may share one address).
//! 3. **The account, across addresses.** It never refuses by itself: when an account has
//!    [`ACCOUNT_ALERT`] failures in the window (a guesser using many addresses), every pair of
//!    that account gets a single free failure instead of three, so a botnet pays the delays
//!    sooner, while the right password from a clean address still goes through at once.
//!
//! A successful sign-in clears its pair only: the address's and the account's counts go on.
//! Refused attempts check no password and count nothing.

use chrono::{NaiveDateTime, TimeDelta};

use crate::db::DbConnection;
use crate::error::AppError;
use crate::models::auth::login_failure::{self, Scope};
use crate::util::time::now;

/// Window over which failures are counted.
pub const WINDOW: TimeDelta = TimeDelta::minutes(15);
/// Failures of one (account, address) pair before delays start.
pub const FREE_PER_PAIR: i64 = 3;
/// Free failures per pair while the account is under attack from many addresses.
pub const FREE_UNDER_ATTACK: i64 = 1;
/// First delay; it doubles with each further failure, up to [`WINDOW`].
pub const FIRST_DELAY: TimeDelta = TimeDelta::seconds(30);
/// Failures allowed per client address in the window (an office may share one address).
pub const MAX_PER_IP: i64 = 30;
/// Failures of an account, all addresses together, that make it "under attack".
pub const ACCOUNT_ALERT: i64 = 10;

/// The failures that decide an attempt.
#[derive(Debug, Clone, Copy, Default)]
pub struct Failures {
    /// Of this account from this address, in the window.
    pub pair: i64,
    /// When the pair last failed.
    pub pair_last: Option<NaiveDateTime>,
    /// Of this address, any account, in the window.
    pub address: i64,
    /// Of this account, any address, in the window.
    pub account: i64,
}

/// How long the pair must wait after its `failures`-th failure (zero while free).
pub fn delay(failures: i64, free: i64) -> TimeDelta {
    if failures < free {
        return TimeDelta::zero();
    }
    let doublings = (failures - free).min(16) as u32;
    (FIRST_DELAY * 2i32.pow(doublings)).min(WINDOW)
}

/// The rules: `Ok` lets the attempt check its password, `Err(wait)` refuses it for `wait`.
pub fn decide(failures: &Failures, at: NaiveDateTime) -> Result<(), TimeDelta> {
    if failures.address >= MAX_PER_IP {
        return Err(WINDOW);
    }
    let free = if failures.account >= ACCOUNT_ALERT {
        FREE_UNDER_ATTACK
    } else {
        FREE_PER_PAIR
    };
    let wait = delay(failures.pair, free);
    match failures.pair_last {
        Some(last) if wait > TimeDelta::zero() && at - last < wait => Err(wait - (at - last)),
        _ => Ok(()),
    }
}

/// The Spanish refusal, saying how long to wait.
pub fn throttled(wait: TimeDelta) -> String {
    // Rounded up: "wait 0 seconds" would be a lie.
    let seconds = ((wait.num_milliseconds() + 999) / 1000).max(1);
    let when = if seconds < 60 {
        format!("{seconds} segundos")
    } else {
        let minutes = (seconds + 59) / 60;
        if minutes == 1 {
            "1 minuto".into()
        } else {
            format!("{minutes} minutos")
        }
    };
    format!("Demasiados intentos fallidos de inicio de sesión. Espere {when} e intente de nuevo.")
}

fn pair_key(email: &str, ip: &str) -> String {
    format!("{email}|{ip}")
}

/// Refuses the attempt when the rules say so.
pub fn check(conn: &mut DbConnection, email: &str, ip: &str) -> Result<(), AppError> {
    let pair = pair_key(email, ip);
    let failures = Failures {
        pair: login_failure::count_recent(conn, Scope::AccountIp, &pair, WINDOW)?,
        pair_last: login_failure::latest(conn, Scope::AccountIp, &pair)?,
        address: login_failure::count_recent(conn, Scope::Ip, ip, WINDOW)?,
        account: login_failure::count_recent(conn, Scope::Account, email, WINDOW)?,
    };
    decide(&failures, now()).map_err(|wait| AppError::TooManyRequests(throttled(wait)))
}

/// Counts a failure against the pair, the address and the account.
pub fn record_failure(conn: &mut DbConnection, email: &str, ip: &str) -> Result<(), AppError> {
    login_failure::record(conn, Scope::AccountIp, &pair_key(email, ip), WINDOW)?;
    login_failure::record(conn, Scope::Ip, ip, WINDOW)?;
    login_failure::record(conn, Scope::Account, email, WINDOW)?;
    Ok(())
}

/// Clears the pair's failures after a successful sign-in.
pub fn record_success(conn: &mut DbConnection, email: &str, ip: &str) -> Result<(), AppError> {
    login_failure::clear(conn, Scope::AccountIp, &pair_key(email, ip))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000 + seconds, 0)
            .unwrap()
            .naive_utc()
    }

    fn pair(n: i64, last: i64) -> Failures {
        Failures {
            pair: n,
            pair_last: Some(at(last)),
            address: n,
            account: n,
        }
    }

    #[test]
    fn delays_grow_and_are_capped() {
        assert_eq!(delay(2, 3), TimeDelta::zero());
        assert_eq!(delay(3, 3), TimeDelta::seconds(30));
        assert_eq!(delay(4, 3), TimeDelta::minutes(1));
        assert_eq!(delay(6, 3), TimeDelta::minutes(4));
        assert_eq!(delay(9, 3), WINDOW);
        assert_eq!(delay(1000, 3), WINDOW);
    }

    #[test]
    fn a_pair_waits_after_its_free_failures() {
        assert!(decide(&pair(2, 0), at(1)).is_ok());
        assert_eq!(decide(&pair(3, 0), at(10)), Err(TimeDelta::seconds(20)));
        assert!(decide(&pair(3, 0), at(30)).is_ok(), "the delay has passed");
        assert_eq!(decide(&pair(4, 0), at(30)), Err(TimeDelta::seconds(30)));
    }

    #[test]
    fn a_stranger_cannot_lock_out_the_owner() {
        // The stranger's address has failed 20 times for the account: it waits…
        let stranger = Failures {
            pair: 20,
            pair_last: Some(at(0)),
            address: 20,
            account: 20,
        };
        assert!(decide(&stranger, at(60)).is_err());
        // …while the owner, from an address that has not failed, goes straight through even
        // though the account is under attack.
        let owner = Failures {
            pair: 0,
            pair_last: None,
            address: 0,
            account: 20,
        };
        assert!(decide(&owner, at(60)).is_ok());
        // Under attack, one free failure per pair instead of three.
        let owner_mistyped = Failures {
            pair: 1,
            pair_last: Some(at(59)),
            ..owner
        };
        assert!(decide(&owner_mistyped, at(60)).is_err());
        let calm = Failures {
            account: 1,
            ..owner_mistyped
        };
        assert!(decide(&calm, at(60)).is_ok());
    }

    #[test]
    fn an_address_has_a_ceiling_over_all_accounts() {
        let spread = Failures {
            pair: 0,
            pair_last: None,
            address: MAX_PER_IP,
            account: 0,
        };
        assert_eq!(decide(&spread, at(0)), Err(WINDOW));
        let below = Failures {
            address: MAX_PER_IP - 1,
            ..spread
        };
        assert!(decide(&below, at(0)).is_ok());
    }

    #[test]
    fn messages_say_how_long() {
        assert!(throttled(TimeDelta::seconds(20)).contains("Espere 20 segundos"));
        assert!(throttled(TimeDelta::seconds(60)).contains("Espere 1 minuto "));
        assert!(throttled(WINDOW).contains("Espere 15 minutos"));
    }
}
