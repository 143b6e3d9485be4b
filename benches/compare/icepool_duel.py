"""The icepool side of the comparison in docs/src/analyze.md ("Performance").

The same question as

    mythforge analyze --pack duel -e 'actor Ana from Fighter' -e 'actor Bo from Fighter' \
        --vary "Bo's AC" 10..20 'Ana uses Strike on Bo with weapon Longsword'

(tests/fixtures/analyze/rules/duel): a d20 + 5 against AC 10..20; a hit on a natural 19 or
20 is critical and rolls the 1d8 once more; a hit deals 1d8 + 3. For each AC it prints the
outcome law (miss / hit / critical) and the damage law, as mythforge does.
"""

import icepool
from icepool import d8, d20

ATTACK = 5


def outcome(natural, ac):
    if natural + ATTACK < ac:
        return 0
    return 2 if natural >= 19 else 1


def damage(natural, ac):
    grade = outcome(natural, ac)
    if grade == 0:
        return 0
    return d8 + 3 + (d8 if grade == 2 else 0)


for ac in range(10, 21):
    grades = d20.map(lambda n: outcome(n, ac))
    dealt = d20.map(lambda n: damage(n, ac))
    print(f"AC {ac}: check mean {float(grades.mean()):.4f}, damage mean {float(dealt.mean()):.4f}")
    for value, chance in grades.items():
        print(f"  grade {value}: {float(chance) / grades.denominator():.6%}")
    for value, chance in dealt.items():
        print(f"  damage {value}: {float(chance) / dealt.denominator():.6%}")
