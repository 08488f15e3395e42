"""Where ``squares serve`` listens: one address of this computer, never all of them.

Listening on every address (``0.0.0.0``, ``::``, ``::ffff:0.0.0.0``) would leave the server
no address of its own to check a request's ``Host`` against, which is what keeps DNS
rebinding out: such an address is refused at start, with exit code 2 and a sentence on why,
before anything runs.
"""

from __future__ import annotations

import socket

import pytest

from squares.web.serve import CannotServe, bind
from tests.cli.conftest import Run


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "[::]", "0"])
def test_every_address_at_once_is_refused_at_start(
    squares: Run, host: str, free_tcp_port: int
) -> None:
    if ":" in host and not socket.has_ipv6:
        pytest.skip("no IPv6 here")
    result = squares("serve", "--no-browser", "--port", str(free_tcp_port), "--host", host)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "every address of this computer" in result.stderr
    assert "DNS rebinding" in result.stderr and "127.0.0.1" in result.stderr
    assert "being served" not in result.stdout


@pytest.mark.parametrize("host", ["::ffff:0.0.0.0", "::ffff:0:0"])
def test_every_ipv4_address_written_as_ipv6_is_refused_too(host: str, free_tcp_port: int) -> None:
    if not socket.has_ipv6:
        pytest.skip("no IPv6 here")
    with pytest.raises(CannotServe, match="every address of this computer"):
        bind(host, free_tcp_port).close()


def test_one_address_of_this_computer_is_listened_on(free_tcp_port: int) -> None:
    sock = bind("127.0.0.1", free_tcp_port)
    try:
        assert sock.getsockname()[0] == "127.0.0.1"
    finally:
        sock.close()


def test_a_refused_address_leaves_its_port_free(free_tcp_port: int) -> None:
    with pytest.raises(CannotServe):
        bind("0.0.0.0", free_tcp_port)
    again = bind("127.0.0.1", free_tcp_port)
    assert again.getsockname()[1] == free_tcp_port
    again.close()
