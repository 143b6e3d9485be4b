#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with seed inputs from the shipped packs, examples and tests.
# Run from the repository root: bash fuzz/seed.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=fuzz/corpus
mkdir -p "$out"/{rules,dice,script,save,session}
n=0
seed() { # seed TARGET FILE
  n=$((n + 1))
  cp "$2" "$out/$1/seed-$n"
}
for f in $(find rules tests/fixtures tests/golden -name '*.rules' | sort); do seed rules "$f"; done
for f in $(find scripts tests/fixtures -name '*.rhai' | sort); do seed script "$f"; done
for f in $(find examples tests/golden tests/fixtures -name '*.session' | sort); do seed session "$f"; done
# Dice: every expression a shipped session rolls or distributes, and the README's notation.
grep -rhoE "^(> )?(roll|dist) [^#]*" examples tests/golden | sed -E 's/^(> )?(roll|dist) //' \
  | sort -u > /tmp/mythforge-dice-seeds
printf '%s\n' '4d6kh3' '3d10cs>=6' '1d20+5' '2d20kl1' '8d6!' '4d6r1' '4dF' '10d10cs>=8cf=1' \
  '(2d6+3)*2' '3d6!!' '5d6x' 'd%' '{3d10+3}cs>=9' 'max(1d6, 1d8)' '4d10ro<3' '2d6dl1' \
  >> /tmp/mythforge-dice-seeds
while IFS= read -r line; do
  n=$((n + 1)); printf '%s' "$line" > "$out/dice/seed-$n"
done < /tmp/mythforge-dice-seeds
# Saves: the save target's base game (fuzz/src/lib.rs SAVE_BASE), saved by the CLI.
tmp=$(mktemp -d)
printf 'load mestezia\nactor Itzel from Itzel\nactor Enrique from Enrique\nencounter Itzel, Enrique\nsave "%s/base.json"\nnext\nsave "%s/hit.json"\n' \
  "$tmp" "$tmp" > "$tmp/make.session"
cargo run --quiet -- run "$tmp/make.session" > /dev/null
cp "$tmp/base.json" "$out/save/seed-base"
cp "$tmp/hit.json" "$out/save/seed-hit"
rm -rf "$tmp"
for t in rules dice script save session; do
  echo "$t: $(ls "$out/$t" | wc -l) seeds"
done
