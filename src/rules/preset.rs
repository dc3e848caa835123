//! A level's `rules:` block: it names a rulebook (Core when missing) and overrides RULES
//! §11's switches after it. A switch that means nothing under the rulebook is refused, with
//! the reason. Each rulebook's own values are in its folder under `src/rulebooks/`.

use super::path::DiagonalCost;
use super::ruleset::*;
use serde::{Deserialize, Serialize};

/// A level's `rules:` block: a preset (Core when missing) and RULES §11's switches, each
/// overriding the preset's value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RulesBlock {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<RulebookId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flanking: Option<Flanking>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diagonal_cost: Option<DiagonalCost>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ap_per_turn: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free_movement: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reactions_per_round: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacks_per_round: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facing: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collision_ignores_armor: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cover: Option<CoverRule>,
}

/// A switch of a `rules:` block that cannot be used, with why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwitchProblem {
    /// The switch's field name (`ap_per_turn`), for locating the problem.
    pub switch: &'static str,
    pub message: String,
}

impl RulesBlock {
    /// The rules in force: the rulebook's own (`base`) with the switches applied, or every
    /// problem; `meaningless` says why a switch means nothing under the rulebook.
    pub fn resolve(
        &self,
        base: Ruleset,
        meaningless: impl Fn(&str) -> Option<&'static str>,
    ) -> Result<Ruleset, Vec<SwitchProblem>> {
        let book = base.rulebook;
        let mut r = base;
        let mut problems = Vec::new();
        for (switch, value, min) in [
            ("ap_per_turn", self.ap_per_turn, 1),
            ("reactions_per_round", self.reactions_per_round, 0),
            ("attacks_per_round", self.attacks_per_round, 1),
        ] {
            match value {
                Some(v) if v < min || v > MAX_RULESET_COUNT => problems.push(SwitchProblem {
                    switch,
                    message: format!(
                        "rules: {switch} must be between {min} and {MAX_RULESET_COUNT} (got {v})"
                    ),
                }),
                _ => {}
            }
        }
        for switch in self.set_switches() {
            if let Some(why) = meaningless(switch) {
                problems.push(SwitchProblem {
                    switch,
                    message: format!("rules: `{switch}` has no meaning under {book}: {why}"),
                });
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        set(&mut r.flanking, self.flanking);
        set(&mut r.diagonal_cost, self.diagonal_cost);
        set(&mut r.ap_per_turn, self.ap_per_turn);
        set(&mut r.free_movement, self.free_movement);
        set(&mut r.reactions_per_round, self.reactions_per_round);
        set(&mut r.attacks_per_round, self.attacks_per_round);
        set(&mut r.facing, self.facing);
        set(&mut r.collision_ignores_armor, self.collision_ignores_armor);
        set(&mut r.cover, self.cover);
        Ok(r)
    }

    /// The names of the switches the block sets.
    fn set_switches(&self) -> Vec<&'static str> {
        [
            ("flanking", self.flanking.is_some()),
            ("diagonal_cost", self.diagonal_cost.is_some()),
            ("ap_per_turn", self.ap_per_turn.is_some()),
            ("free_movement", self.free_movement.is_some()),
            ("reactions_per_round", self.reactions_per_round.is_some()),
            ("attacks_per_round", self.attacks_per_round.is_some()),
            ("facing", self.facing.is_some()),
            (
                "collision_ignores_armor",
                self.collision_ignores_armor.is_some(),
            ),
            ("cover", self.cover.is_some()),
        ]
        .into_iter()
        .filter(|(_, set)| *set)
        .map(|(name, _)| name)
        .collect()
    }
}

/// Put `v` in `slot` when the block sets it.
fn set<T>(slot: &mut T, v: Option<T>) {
    if let Some(v) = v {
        *slot = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_without_a_preset_is_core_with_its_switches() {
        let block = RulesBlock {
            ap_per_turn: Some(4),
            ..RulesBlock::default()
        };
        let r = block.resolve(Ruleset::default(), |_| None).unwrap();
        assert_eq!(
            r,
            Ruleset {
                ap_per_turn: 4,
                ..Ruleset::default()
            }
        );
    }

    #[test]
    fn switches_override_the_rulebook_and_meaningless_ones_are_refused() {
        let base = Ruleset {
            rulebook: RulebookId("Plain"),
            facing: false,
            ..Ruleset::default()
        };
        let block = RulesBlock {
            flanking: Some(Flanking::Off),
            ..RulesBlock::default()
        };
        let r = block.resolve(base.clone(), |_| None).unwrap();
        assert_eq!(
            (r.rulebook, r.flanking, r.facing),
            (RulebookId("Plain"), Flanking::Off, false)
        );
        let block = RulesBlock {
            reactions_per_round: Some(1),
            ..RulesBlock::default()
        };
        let problems = block
            .resolve(base, |s| (s == "reactions_per_round").then_some("no RP"))
            .unwrap_err();
        assert_eq!(problems[0].switch, "reactions_per_round");
        assert!(problems[0].message.contains("under Plain: no RP"));
    }
}
