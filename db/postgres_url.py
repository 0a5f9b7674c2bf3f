"""PostgreSQL connection URLs as the store and its tools read them: the ``?schema=`` parameter
that names the store's schema, the URL without its password for messages, and the
``pg_dump`` command that backs a store up."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from db.store import StoreError

SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def check_schema(schema: str) -> str:
    """The schema name, or ``StoreError`` when it is not a plain lower-case identifier."""
    if not SCHEMA_NAME.match(schema):
        raise StoreError(f"schema name {schema!r}: use lower-case letters, digits and _")
    return schema


def split_schema(url: str) -> tuple[str, str | None]:
    """The URL without its ``schema`` query parameter, and that schema (None if absent)."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schemas = [v for k, v in query if k == "schema"]
    rest = [(k, v) for k, v in query if k != "schema"]
    schema = check_schema(schemas[-1]) if schemas else None
    return urlunsplit(parts._replace(query=urlencode(rest))), schema


def with_schema(url: str, schema: str | None) -> str:
    """The URL naming ``schema`` in its query (unchanged when there is none)."""
    if schema is None:
        return url
    parts = urlsplit(url)
    query = [*parse_qsl(parts.query, keep_blank_values=True), ("schema", schema)]
    return urlunsplit(parts._replace(query=urlencode(query)))


def redact(url: str) -> str:
    """The URL without its password (for messages and logs)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc[1]}"))


def pg_dump_command(url: str, dest: str = "referee.dump") -> str:
    """The command that backs up a PostgreSQL store (``pg_dump``'s custom format)."""
    plain, schema = split_schema(redact(url))
    only = f" --schema={schema}" if schema else ""
    return f"pg_dump --format=custom{only} --file={dest} '{plain}'"
