//! The process exit codes of `treebench`, in one table.
//!
//! | code | meaning |
//! |---:|---|
//! | 0 | success: gate pass, verification passed, command done |
//! | 1 | [`SLOWER`] (gate) / [`FAIL`] (verify: a wrong answer, an uncaught mutant, a required oracle missing) |
//! | 2 | [`BAD_INPUT`]: bad input, a usage error or an infrastructure failure |
//! | 3 | [`DISAGREE`]: engines disagree on a score (run, gate) |
//! | 4 | [`SIGNATURE`]: node-signature mismatch (gate `--expect-nodes`, bench `--check`) |
//! | 5 | [`INCONCLUSIVE`]: the gate by games (`gate --sprt`) accepted no hypothesis within `--max-games` |

/// Success.
pub const OK: i32 = 0;
/// The gate's candidate is slower beyond the noise threshold.
pub const SLOWER: i32 = 1;
/// Verification failed (`treebench verify`).
pub const FAIL: i32 = 1;
/// Bad input, a usage error or an infrastructure failure (also every error that reaches `main`).
pub const BAD_INPUT: i32 = 2;
/// Engines disagree on a score.
pub const DISAGREE: i32 = 3;
/// Node-signature mismatch.
pub const SIGNATURE: i32 = 4;
/// The gate by games accepted neither hypothesis within the games allowed.
pub const INCONCLUSIVE: i32 = 5;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_per_meaning() {
        let codes = [OK, SLOWER, BAD_INPUT, DISAGREE, SIGNATURE, INCONCLUSIVE];
        for (i, a) in codes.iter().enumerate() {
            assert!(codes[i + 1..].iter().all(|b| a != b));
        }
        assert_eq!(FAIL, SLOWER, "verify and gate failures share exit 1");
    }
}
