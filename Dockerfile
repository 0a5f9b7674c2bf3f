# Referee bot image: python -m bot, configured entirely by environment variables
# (DISCORD_TOKEN, REFEREE_DB, REFEREE_SHARD_COUNT, REFEREE_SHARD_IDS, ...; see README.md).
#
#   docker build -t referee .
#   docker run --env-file .env referee                    # one process, SQLite in /data
#   docker compose up -d                                  # PostgreSQL + 2 processes (compose.yaml)
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
# Only what the package needs: pyproject.toml names README.md as its readme; the code and
# its data files (component JSON, catalogs, fonts, migrations) live in these packages.
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY db ./db
COPY render ./render
COPY rules ./rules
COPY bench ./bench
COPY terminal ./terminal
RUN pip install . \
    && useradd --system --uid 10001 --home-dir /data --create-home referee

USER referee
WORKDIR /data
# Default store: a SQLite file in the /data volume (one process). For several processes set
# REFEREE_DB to a postgresql:// URL (compose.yaml does).
ENV REFEREE_DB=/data/referee.sqlite3
VOLUME ["/data"]

CMD ["python", "-m", "bot"]
