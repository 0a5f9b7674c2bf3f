"""Deep copies of game states without serialising or validating (issue 22, point 2).

``deep_copy(model)`` copies a pydantic model the way ``apply`` needs it: every container and
every mutable model inside is new, every immutable value (numbers, strings, ``None``, literals,
enums, frozen models, tuples and frozensets of those) is shared. The copier of each model
class is generated once from its field annotations, so a copy is one pass of plain Python
dict and list building: no JSON, no pydantic validation, no ``copy.deepcopy`` memo. A value
whose annotation says nothing useful (``Any``, a union of containers) is copied by looking at
what it is at run time.

A model class may name fields in ``__shallow_fields__`` (a ``ClassVar``): their container
(a dict or list) is copied but its items are shared, for a game that copies an item itself
before it changes it (copy on write of many small items, such as map areas). Fields named in
``__shared_fields__`` are shared outright, value and all: values no rule ever changes in
place once the game exists (its options, its seats).
``full_copy(model)`` is the same copy with every shallow and shared field copied too: a
state that shares nothing with its original, for code that changes it without the game's
copy-on-write discipline (an AI's determinization, a projection).

What is copied is exactly what was there: ``__dict__`` (the fields), the set of fields set,
the extra fields and the private attributes (a private cache such as the generator's block
is copied as a new dict of the same values).
"""

from __future__ import annotations

import copy as _copy
import enum
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_IMMUTABLE_TYPES: frozenset[type] = frozenset(
    {int, str, bool, float, bytes, complex, type(None), range}
)
_COPIERS: dict[tuple[type, bool], Callable[[Any], Any]] = {}
_BUILDING: set[tuple[type, bool]] = set()


def deep_copy(model: M) -> M:
    """A copy of ``model`` that shares nothing mutable with it but the items of its shallow
    fields (see the module docstring)."""
    return _copier(type(model), True)(model)  # type: ignore[no-any-return]


def full_copy(model: M) -> M:
    """A copy of ``model`` that shares nothing mutable with it, shallow fields included."""
    return _copier(type(model), False)(model)  # type: ignore[no-any-return]


def own_entry(owner: BaseModel, slot: str, items: dict[str, M], key: str) -> M:
    """Entry ``key`` of ``items`` to change: ``owner``'s own. A step's copy shares the entries
    of the state it was copied from (kept in ``owner``'s private attribute ``slot``) until one
    changes; the first change copies that entry into ``items``."""
    item = items[key]
    private = owner.__pydantic_private__
    shared = private[slot] if private is not None else None
    if shared is not None and shared.get(key) is item:
        item = items[key] = deep_copy(item)
    return item


def _copier(cls: type, shallow: bool) -> Callable[[Any], Any]:
    found = _COPIERS.get((cls, shallow))
    if found is None:
        found = _COPIERS[(cls, shallow)] = _build(cls, shallow)
    return found


def _copy_model(value: Any) -> Any:
    return _copier(type(value), True)(value)


def _full_copy_model(value: Any) -> Any:
    return _copier(type(value), False)(value)


def _copy_any(value: Any, shallow: bool = True) -> Any:
    """Copy by what ``value`` is at run time (annotations gave no shape)."""
    kind = type(value)
    if kind in _IMMUTABLE_TYPES or isinstance(value, enum.Enum):
        return value
    if kind is list:
        return [_copy_any(x, shallow) for x in value]
    if kind is dict:
        return {k: _copy_any(x, shallow) for k, x in value.items()}
    if isinstance(value, BaseModel):
        return _copier(type(value), shallow)(value)
    if kind is tuple or kind is frozenset:
        items = [_copy_any(x, shallow) for x in value]
        return kind(items)
    if kind is set:
        return {_copy_any(x, shallow) for x in value}
    return _copy.deepcopy(value)


def _full_copy_any(value: Any) -> Any:
    return _copy_any(value, False)


def _immutable(annotation: Any) -> bool:
    """Values of this annotation can be shared between a state and its copy."""
    if annotation in _IMMUTABLE_TYPES:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return True
    if origin is typing.Annotated:
        return _immutable(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return all(_immutable(a) for a in typing.get_args(annotation))
    if origin in (tuple, frozenset):
        return all(a is Ellipsis or _immutable(a) for a in typing.get_args(annotation))
    if isinstance(annotation, type):
        if issubclass(annotation, enum.Enum):
            return True
        if issubclass(annotation, BaseModel):
            return bool(annotation.model_config.get("frozen"))
    return False


class _Code:
    """Generated source of one copier: expressions and the names they use."""

    def __init__(self, shallow: bool) -> None:
        self.shallow = shallow
        self.names: dict[str, Any] = {
            "_copy_any": _copy_any if shallow else _full_copy_any,
            "_copy_model": _copy_model if shallow else _full_copy_model,
        }
        self.depth = 0

    def expr(self, annotation: Any, src: str) -> str:
        """Python expression copying the value ``src`` (a plain name or subscript)."""
        if _immutable(annotation):
            return src
        origin = typing.get_origin(annotation)
        args = typing.get_args(annotation)
        if origin is typing.Annotated:
            return self.expr(args[0], src)
        if origin in (typing.Union, types.UnionType):
            others = [a for a in args if a is not type(None)]
            if len(others) == 1 and len(others) < len(args):
                return f"(None if {src} is None else {self.expr(others[0], src)})"
            models = [_model_class(a) for a in others]
            if all(m is not None for m in models):
                chain = self._models(models, src)
                return f"(None if {src} is None else {chain})" if len(others) < len(args) else chain
            return f"_copy_any({src})"
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if (annotation, self.shallow) in _BUILDING:  # a model that contains itself
                return f"_copy_model({src})"
            n = len(self.names)
            self.names[f"K{n}"] = annotation
            self.names[f"C{n}"] = _copier(annotation, self.shallow)
            return f"(C{n}({src}) if type({src}) is K{n} else _copy_model({src}))"
        if origin is list and args:
            if _immutable(args[0]):
                return f"{src}[:]"
            self.depth += 1
            var = f"x{self.depth}"
            return f"[{self.expr(args[0], var)} for {var} in {src}]"
        if origin is dict and len(args) == 2:
            if _immutable(args[1]):
                return f"{src}.copy()"
            self.depth += 1
            var = f"x{self.depth}"
            return f"{{k{self.depth}: {self.expr(args[1], var)} for k{self.depth}, {var} in {src}.items()}}"
        if origin is set and args and _immutable(args[0]):
            return f"{src}.copy()"
        return f"_copy_any({src})"

    def _models(self, models: list[type[BaseModel] | None], src: str) -> str:
        """Copying ``src``, one of several model classes (a discriminated union): by its
        class, a frozen one shared; another class (a subclass) by what it is at run time."""
        chain = f"_copy_model({src})"
        for model in reversed(models):
            assert model is not None
            n = len(self.names)
            self.names[f"K{n}"] = model
            if model.model_config.get("frozen"):
                copied = src
            elif (model, self.shallow) in _BUILDING:  # a model that contains itself
                copied = f"_copy_model({src})"
            else:
                self.names[f"C{n}"] = _copier(model, self.shallow)
                copied = f"C{n}({src})"
            chain = f"({copied} if type({src}) is K{n} else {chain})"
        return chain


def _model_class(annotation: Any) -> type[BaseModel] | None:
    """The model class an annotation names (through ``Annotated``), else ``None``."""
    if typing.get_origin(annotation) is typing.Annotated:
        return _model_class(typing.get_args(annotation)[0])
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return None


def _build(cls: type, shallow: bool) -> Callable[[Any], Any]:
    if not (isinstance(cls, type) and issubclass(cls, BaseModel)):
        return _copy.deepcopy
    if cls.model_config.get("frozen"):
        return lambda value: value
    _BUILDING.add((cls, shallow))
    try:
        return _generate(cls, shallow)
    finally:
        _BUILDING.discard((cls, shallow))


def _generate(cls: type[BaseModel], share: bool) -> Callable[[Any], Any]:
    code = _Code(share)
    fields = []
    shallow: tuple[str, ...] = getattr(cls, "__shallow_fields__", ()) if share else ()
    shared: tuple[str, ...] = getattr(cls, "__shared_fields__", ()) if share else ()
    for name, info in cls.model_fields.items():
        if name in shared:  # never changed in place: the same value
            fields.append(f"{name!r}: d[{name!r}]")
            continue
        if name in shallow:  # the container is new, its items are shared (copy on write)
            fields.append(f"{name!r}: d[{name!r}].copy()")
            continue
        fields.append(f"{name!r}: {code.expr(info.annotation, f'd[{name!r}]')}")
    code.names.update({"cls": cls, "setattr": object.__setattr__, "new": object.__new__})
    lines = [
        "def copier(value):",
        "    d = value.__dict__",
        "    m = new(cls)",
        f"    setattr(m, '__dict__', {{{', '.join(fields)}}})",
        "    setattr(m, '__pydantic_fields_set__', set(value.__pydantic_fields_set__))",
    ]
    if cls.model_config.get("extra") == "allow" or cls.__private_attributes__:
        lines += [
            "    extra = value.__pydantic_extra__",
            "    setattr(m, '__pydantic_extra__', None if extra is None else _copy_any(extra))",
            "    private = getattr(value, '__pydantic_private__', None)",
            "    setattr(m, '__pydantic_private__', None if private is None else dict(private))",
        ]
    else:  # neither extra fields nor private attributes: both are None
        lines += [
            "    setattr(m, '__pydantic_extra__', None)",
            "    setattr(m, '__pydantic_private__', None)",
        ]
    source = "\n".join([*lines, "    return m"])
    scope = dict(code.names)
    name = f"{'' if share else 'full '}copier of {cls.__qualname__}"
    exec(compile(source, f"<{name}>", "exec"), scope)
    copier: Callable[[Any], Any] = scope["copier"]
    return copier
