//! Adjudication by the engines' agreed scores, as cutechess-cli's `-resign` and `-draw`: a game
//! whose two engines have both scored it decided for several moves running is ended as a win,
//! one both score level late in the game as a draw. Off unless asked for; only moves whose
//! engine gave a score count (a move without one breaks the run).

/// The resign rule: the game is lost for a side when, for `moves` moves of each side in a row,
/// both engines' scores are at least `score` in favour of the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resign {
    pub moves: u32,
    pub score: i32,
}

/// The draw rule: from full move `after` on, a game is drawn when both engines' scores have
/// been within `score` of level for `moves` moves of each side in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Draw {
    pub after: u32,
    pub moves: u32,
    pub score: i32,
}

/// The adjudication rules a match plays under; none by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Adjudication {
    pub resign: Option<Resign>,
    pub draw: Option<Draw>,
}

/// What an adjudication decided: the winner's side as the first side's (`Some(true)`: the first
/// side won; `None`: a draw) and the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    pub first_wins: Option<bool>,
    pub rule: &'static str,
}

impl Adjudication {
    /// The verdict after a game's moves so far: `scores` holds each move's score for the side
    /// that made it (`None` where the engine gave none), `first_moved_first` whether the first
    /// side made the first of them, `plies_before` the opening's moves.
    #[must_use]
    pub fn judge(
        &self,
        scores: &[Option<i32>],
        first_moved_first: bool,
        plies_before: u32,
    ) -> Option<Verdict> {
        // each score for the first side: a move of the second side is negated
        let first_view = |i: usize, v: i32| {
            if (i % 2 == 0) == first_moved_first {
                v
            } else {
                -v
            }
        };
        let last = |n: u32| -> Option<Vec<i32>> {
            let n = 2 * n as usize;
            let from = scores.len().checked_sub(n)?;
            (from..scores.len())
                .map(|i| scores[i].map(|v| first_view(i, v)))
                .collect()
        };
        if let Some(r) = self.resign {
            if let Some(run) = last(r.moves).filter(|run| !run.is_empty()) {
                if run.iter().all(|&v| v >= r.score) {
                    return Some(Verdict {
                        first_wins: Some(true),
                        rule: "resign adjudication",
                    });
                }
                if run.iter().all(|&v| v <= -r.score) {
                    return Some(Verdict {
                        first_wins: Some(false),
                        rule: "resign adjudication",
                    });
                }
            }
        }
        let d = self.draw?;
        let full_moves = (plies_before + scores.len() as u32) / 2;
        let run = last(d.moves).filter(|run| !run.is_empty())?;
        (full_moves >= d.after && run.iter().all(|v| v.abs() <= d.score)).then_some(Verdict {
            first_wins: None,
            rule: "draw adjudication",
        })
    }
}

/// Parse `--resign MOVES,SCORE`.
pub fn parse_resign(s: &str) -> Result<Resign, String> {
    let v = numbers(s, 2, "--resign", "MOVES,SCORE (e.g. 3,1000)")?;
    Ok(Resign {
        moves: v[0] as u32,
        score: v[1] as i32,
    })
}

/// Parse `--draw AFTER,MOVES,SCORE`.
pub fn parse_draw(s: &str) -> Result<Draw, String> {
    let v = numbers(s, 3, "--draw", "AFTER,MOVES,SCORE (e.g. 40,8,10)")?;
    Ok(Draw {
        after: v[0] as u32,
        moves: v[1] as u32,
        score: v[2] as i32,
    })
}

/// `n` comma-separated whole numbers, each from 1 (0 for a draw's first) to 1,000,000.
fn numbers(s: &str, n: usize, flag: &str, want: &str) -> Result<Vec<u64>, String> {
    let bad =
        || format!("{flag} `{s}`: expected {want}, whole numbers up to 1000000, moves at least 1");
    let v: Vec<u64> = s
        .split(',')
        .map(|x| x.trim().parse::<u64>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let moves = v.get(n - 2).copied();
    if v.len() != n || v.iter().any(|&x| x > 1_000_000) || moves == Some(0) {
        return Err(bad());
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resign_and_draw_need_both_engines_for_the_whole_run() {
        let a = Adjudication {
            resign: Some(parse_resign("2,500").unwrap()),
            draw: Some(parse_draw("10,2,10").unwrap()),
        };
        // the first side moved first: its scores at even places, the second's negated
        let won = [Some(600), Some(-700), Some(550), Some(-900)];
        let v = a.judge(&won, true, 0).unwrap();
        assert_eq!((v.first_wins, v.rule), (Some(true), "resign adjudication"));
        // one engine disagrees once: no verdict
        let split = [Some(600), Some(-700), Some(550), Some(100)];
        assert_eq!(a.judge(&split, true, 0), None);
        // the second side moved first: the same scores say the second side wins
        assert_eq!(a.judge(&won, false, 0).unwrap().first_wins, Some(false));
        // a move without a score breaks the run
        assert_eq!(
            a.judge(&[Some(600), None, Some(550), Some(-900)], true, 0),
            None
        );
        // level scores draw only from move 10 on
        let level = [Some(5), Some(-3), Some(0), Some(8)];
        assert_eq!(a.judge(&level, true, 0), None);
        let v = a.judge(&level, true, 18).unwrap();
        assert_eq!((v.first_wins, v.rule), (None, "draw adjudication"));
        assert_eq!(Adjudication::default().judge(&won, true, 0), None);
        assert!(parse_resign("0,500").is_err() && parse_draw("1,2").is_err());
        assert!(parse_resign("3,-5").is_err() && parse_resign("3,2000000").is_err());
    }
}
