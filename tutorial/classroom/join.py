"""Joining the class room, without the interface: a browser with no room yet joins one with
its code and a nickname (or takes back the place it holds), or opens one."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from .errors import ClassroomError
from .names import nickname_key, normalise_nickname
from .session import Clock, CookieReader, Role, RoomState, cookie_name, cookie_token, refused
from .tokens import parse_room_code

if TYPE_CHECKING:
    from ..store import RoomStore

log = logging.getLogger(__name__)


# ----- joining --------------------------------------------------------------------------------
class JoinSession:
    """No room yet: join one or open one. ``client_key``: who counts for the store's limits
    (the browser's address); ``cookie``: the browser's cookie by name, as the session began."""

    def __init__(self, state: RoomState, store: RoomStore, clock: Clock, client_key: str, cookie: CookieReader):
        self.state, self.store, self.clock, self.client_key, self.cookie = state, store, clock, client_key, cookie

    def place_here(self, code: str) -> Role | None:
        """The place this browser holds in room ``code`` (its place cookie), when the room
        still knows that student; else ``None``. Never raises."""
        parsed = parse_room_code(str(code))
        if parsed is None or self.state.forget_cookie == parsed:
            return None
        token = cookie_token(self.cookie(cookie_name(parsed)))
        if token is None:
            return None
        try:
            seen = self.store.student(parsed, token)
        except ClassroomError:
            return None
        return Role("student", seen.code, token, seen.nickname)

    def back(self) -> Role | None:
        """The place this browser holds in the room of the join link, if any."""
        return self.place_here(self.state.asked) if self.state.asked else None

    def can_join(self) -> bool:
        return self.state.role is None

    def join(self, code: str, nickname: str) -> None:
        """Join room ``code`` as ``nickname``. The name this browser already holds in that room
        (its place cookie, or a join made in this session) takes that place back instead of
        being "taken"; a second submit of the form (a double click, Enter twice) does nothing."""
        if not self.can_join():
            return
        code, nickname = str(code)[:40], str(nickname)[:200]
        key: tuple[str, str] | None
        try:
            room = parse_room_code(code)
            key = (room, nickname_key(normalise_nickname(nickname))) if room is not None else None
        except ClassroomError:
            key = None
        joined = self.state.joined
        if key is not None and key not in joined:
            back = self.place_here(key[0])
            if back is not None and nickname_key(back.nickname) == key[1]:
                joined[key] = back
        if key is not None and key in joined:  # this browser joined as this name before: the same student again
            self.state.take(joined[key])
            return
        pace, now = self.state.gate, self.clock()
        try:
            pace.check_join(now)
            made = self.store.join(code, nickname, self.client_key, clean=pace.clean)
        except ClassroomError as err:
            if err.code in ("unknown-room", "expired-room", "closed-room"):
                pace.failed(now)
            refused("join", err.code)
            self.state.tell(err)
            return
        pace.joined(now)
        role = Role("student", made.code, made.student_token, made.nickname)
        self.state.take(role)
        if key is not None:
            joined[key] = role

    def reclaim(self, back: Role) -> None:
        """Take back the place this browser holds in a room (*Go on as …*)."""
        self.state.take(back)

    def open_room(self) -> None:
        """Open a new room; this browser is its teacher (limited per session, per address and
        for the server: ``too-many-rooms``)."""
        now = self.clock()
        try:
            self.state.gate.check_open(now)
            made = self.store.open_room(client_key=self.client_key)
        except ClassroomError as err:
            refused("open", err.code)
            self.state.tell(err)
            return
        self.state.gate.opened_room(now)
        log.info("class room opened")
        self.state.take(Role("teacher", made.code, made.teacher_token))

    def cookie_script(self) -> str | None:
        """The script that drops this browser's place cookie (after *Leave the room*), or ``None``."""
        import json

        forget = self.state.forget_cookie
        if not forget:
            return None
        return f"<script>document.cookie = {json.dumps(cookie_name(forget) + '=; Max-Age=0; Path=/; SameSite=Lax')};</script>"


__all__ = ["JoinSession"]
