"""Whether a value is one the engine's JSON Schema allows (web/ui/view_schema.py, which
scripts/write_view_schema.py generates): exactly the keywords that schema uses, in
pure Python that runs on MicroPython and on CPython (the tests check it agrees with
the jsonschema library).

``type``, ``properties``, ``required``, ``additionalProperties`` (false, or a schema
for every value), ``items``, ``const``, ``enum``, ``anyOf`` and ``$ref`` to the root's
``$defs``. An integer is a number written without a fraction (``1``, not ``1.0``) and
never true or false. ``format: "seat"`` marks a seat's number: given the table's
number of ``seats``, it is checked to be one of them.
"""

_TYPES = {
    "null": lambda value: value is None,
    "boolean": lambda value: value is True or value is False,
    "integer": lambda value: type(value) is int,
    "number": lambda value: type(value) in (int, float),
    "string": lambda value: isinstance(value, str),
    "array": lambda value: isinstance(value, list),
    "object": lambda value: isinstance(value, dict),
}


def conforms(value, schema, root=None, seats=None):
    """Whether ``value`` is one ``schema`` allows (``root``: the schema its references
    name, by default ``schema`` itself), its seats below ``seats`` when given."""
    return _conforms(value, schema, schema if root is None else root, seats)


def _same(value, constant):
    """JSON's equality for the constants a schema names: true is not 1."""
    return type(value) is type(constant) and value == constant


def _conforms(value, schema, root, seats):
    ref = schema.get("$ref")
    if ref is not None and not _conforms(value, root["$defs"][ref[len("#/$defs/"):]],
                                         root, seats):
        return False
    if "anyOf" in schema and not any(_conforms(value, option, root, seats)
                                     for option in schema["anyOf"]):
        return False
    if "const" in schema and not _same(value, schema["const"]):
        return False
    if "enum" in schema and not any(_same(value, option) for option in schema["enum"]):
        return False
    kind = schema.get("type")
    if kind is None:
        return True
    if not _TYPES[kind](value):
        return False
    if kind == "array":
        items = schema.get("items")
        return items is None or all(_conforms(item, items, root, seats) for item in value)
    if kind == "object":
        return _object(value, schema, root, seats)
    if schema.get("format") == "seat" and seats is not None:
        return 0 <= value < seats
    return True


def _object(value, schema, root, seats):
    properties = schema.get("properties", {})
    if not all(name in value for name in schema.get("required", ())):
        return False
    others = schema.get("additionalProperties", True)
    for name, item in value.items():
        if name in properties:
            if not _conforms(item, properties[name], root, seats):
                return False
        elif others is False or (others is not True and not _conforms(item, others, root,
                                                                       seats)):
            return False
    return True
