"""@fluxion.jit: Python functions in the Fluxion language."""
import numpy as np
import pytest

import fluxion


@fluxion.jit
def cube(x):
    return x * x * x


@fluxion.jit
def energy(v):
    return sum(cube(v))  # calls another decorated function by name


def test_jit_calls_and_derivatives():
    assert cube(2.0) == 8.0
    assert fluxion.grad(cube)(2.0) == 12.0
    assert energy(np.array([1.0, 2.0])) == 9.0
    np.testing.assert_array_equal(fluxion.grad(energy)(np.array([1.0, 2.0])), [3.0, 12.0])
    assert fluxion.source(cube).startswith("def cube(x):")


def test_code_outside_the_subset_is_located_in_the_python_file():
    @fluxion.jit
    def bad(x):
        return {x: 1}  # a dict: not Fluxion

    with pytest.raises(fluxion.Error) as e:
        bad(1.0)
    assert e.value.file == __file__
    assert e.value.line == test_code_outside_the_subset_is_located_in_the_python_file.__code__.co_firstlineno + 3
