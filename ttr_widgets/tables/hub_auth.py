"""Who may use the table service when it runs as a JupyterHub service (Zero to JupyterHub's
``hub.services``): only the hub's users, as JupyterHub's ``HubAuth`` decides it.

The hub starts (or names) the service with ``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_API_URL``,
``JUPYTERHUB_SERVICE_PREFIX`` (and ``JUPYTERHUB_SERVICE_NAME``) in its environment
(:func:`from_environment`). A request then carries a hub user's token (``Authorization: token
TOKEN``, or ``?token=TOKEN``: a student's kernel sends its server's ``JUPYTERHUB_API_TOKEN``),
and the service asks the hub who it is: ``GET {api_url}/user`` with that token answers the
user's model and the token's scopes. The user gets in when the token may access this service
(``access:services`` or ``access:services!service=NAME``, HubAuth's default access scopes);
each answer is kept :data:`CACHE_SECONDS` so that a game's requests do not each ask the hub.

The check is the small one HubAuth makes, done here with tornado's own HTTP client, so the
service needs no ``jupyterhub`` package; the OAuth login of a browser (HubOAuth's cookie) is not
needed: students reach the tables from their own servers' kernels, never from a browser.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # tornado only when serving: ``ttr serve``'s options read this module
    from tornado.httputil import HTTPServerRequest

API_TOKEN_ENV = "JUPYTERHUB_API_TOKEN"
API_URL_ENV = "JUPYTERHUB_API_URL"
SERVICE_PREFIX_ENV = "JUPYTERHUB_SERVICE_PREFIX"
SERVICE_NAME_ENV = "JUPYTERHUB_SERVICE_NAME"
DEFAULT_SERVICE = "ttr-tables"
CACHE_SECONDS = 60.0  #: how long the hub's answer about one token is kept
HUB_TIMEOUT = 10.0  #: seconds the hub may take to answer


class HubUnavailable(Exception):
    """The hub did not answer: ``error`` says why (a ``TableError``: ``hub-answered``,
    ``hub-unreachable`` or ``hub-not-json``, worded in its reader's language); the message is
    its English sentence."""

    def __init__(self, say: str, **fields: object) -> None:
        from ttr_widgets.tables.authority import TableError  # the rules core: only when serving

        self.error = TableError.of(say, **fields)
        super().__init__(str(self.error))


@dataclass(frozen=True, slots=True)
class HubUser:
    name: str
    admin: bool = False


@dataclass
class HubAuth:
    """The hub's check of one request's token (see the module's docstring)."""

    api_url: str  #: ``http://hub:8081/hub/api``
    service: str = DEFAULT_SERVICE
    class_key: str = ""  #: the server's own class key, still accepted (the teacher, the CLI)
    cache_seconds: float = CACHE_SECONDS
    clock: Callable[[], float] = time.monotonic
    _cache: dict[str, tuple[float, HubUser | None]] = field(default_factory=dict)
    asked: int = 0  #: how many times the hub was asked (the cache's test)

    @property
    def access_scopes(self) -> frozenset[str]:
        return frozenset({"access:services", f"access:services!service={self.service}"})

    def has_class_key(self, token: str) -> bool:
        return bool(self.class_key) and hmac.compare_digest(token.encode(), self.class_key.encode())

    async def user(self, token: str) -> HubUser | None:
        """The hub's user whose token this is and who may access the service, or None;
        :class:`HubUnavailable` when the hub does not answer."""
        if not token:
            return None
        digest = hashlib.sha256(token.encode()).hexdigest()
        now = self.clock()
        kept = self._cache.get(digest)
        if kept is not None and kept[0] > now:
            return kept[1]
        user = await self._ask(token)
        if len(self._cache) > 10_000:
            self._cache = {k: v for k, v in self._cache.items() if v[0] > now}
        self._cache[digest] = (now + self.cache_seconds, user)
        return user

    async def _ask(self, token: str) -> HubUser | None:
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

        self.asked += 1
        request = HTTPRequest(self.api_url.rstrip("/") + "/user",
                              headers={"Authorization": f"token {token}"},
                              request_timeout=HUB_TIMEOUT, follow_redirects=False)
        try:
            response = await AsyncHTTPClient().fetch(request)
        except HTTPClientError as exc:
            if exc.code in (401, 403, 404):
                return None  # a token the hub does not know
            raise HubUnavailable("hub-answered", code=exc.code) from None
        except OSError as exc:
            raise HubUnavailable("hub-unreachable", reason=exc.strerror or str(exc)) from None
        try:
            model = json.loads(response.body)
        except ValueError:
            raise HubUnavailable("hub-not-json") from None
        if not isinstance(model, dict) or not isinstance(model.get("name"), str) \
                or model.get("kind", "user") != "user":
            return None  # a service's token, not a user's
        scopes = model.get("scopes")
        if isinstance(scopes, list) and not self.access_scopes & set(scopes):
            return None  # the hub's user, but this token may not use the service
        return HubUser(model["name"], bool(model.get("admin")))


def request_token(request: HTTPServerRequest) -> str:
    """The token a request carries: ``Authorization: token|bearer X`` or ``?token=X``."""
    header = request.headers.get("Authorization", "")
    kind, _, value = header.partition(" ")
    if kind.lower() in ("token", "bearer") and value.strip():
        return value.strip()
    values = request.query_arguments.get("token") or [b""]
    return values[0].decode(errors="replace")


def in_hub(environ: Mapping[str, str]) -> bool:
    """Whether this process runs as a JupyterHub service (the hub's three variables set)."""
    return all(environ.get(name) for name in (API_TOKEN_ENV, API_URL_ENV, SERVICE_PREFIX_ENV))


def from_environment(environ: Mapping[str, str], class_key: str = "") -> HubAuth | None:
    """The hub's check when running as a JupyterHub service, else None."""
    if not in_hub(environ):
        return None
    return HubAuth(environ[API_URL_ENV], environ.get(SERVICE_NAME_ENV) or DEFAULT_SERVICE,
                   class_key=class_key)
