"""Structs between Python and Fluxion: which objects are passed as structs, and the classes
that struct results come back as (docs/embedding.md "Python")."""
import dataclasses

_classes = {}


def fields_of(obj):
    """The field names of a struct-like object: a dataclass instance, or an object with
    attributes (__dict__ or __slots__); None for anything else."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [f.name for f in dataclasses.fields(obj)]
    if isinstance(obj, type) or callable(obj):
        return None
    if hasattr(obj, "__dict__") and vars(obj):
        return [k for k in vars(obj) if not k.startswith("_")]
    slots = getattr(type(obj), "__slots__", None)
    if slots:
        return [s for s in ([slots] if isinstance(slots, str) else slots) if hasattr(obj, s)]
    return None


def make(name, fields):
    """An instance of a frozen dataclass named after the Fluxion struct (one class per name and
    field list), so that results read as `g.w`, print readably and can be passed back."""
    key = (name, tuple(fields))
    cls = _classes.get(key)
    if cls is None:
        cls = dataclasses.make_dataclass(name, list(fields), frozen=True, eq=False)
        cls.__module__ = "fluxion.structs"
        _classes[key] = cls
    return cls(**fields)
