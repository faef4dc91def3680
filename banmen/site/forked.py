"""One function call run in a forked process while the build goes on (a cold build's side work).

A cold build checks its content on one core; the ludo simulation figure and the play board's
parts need none of that content, so they run beside it (:class:`ForkedCall`) on the other
core. The child is forked, so it starts with the parent's engines and arguments as they are
(nothing is pickled on the way in); only the return value travels back, pickled through a
pipe from a child of this very build, never from disk.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any


@contextlib.contextmanager
def frozen_heap() -> Iterator[None]:
    """Fork children in this block with the parent's objects out of their garbage
    collector's reach (``gc.freeze``): a child's collections then neither walk nor touch
    the engines, content and libraries it inherited (fewer copied pages, less CPU). The
    parent's collector sees them again after the block (unless they were frozen before it:
    then they stay so)."""
    frozen_before = gc.get_freeze_count()
    gc.freeze()
    try:
        yield
    finally:
        if not frozen_before:
            gc.unfreeze()


class ForkedCall:
    """``function(*args)`` running in a forked daemon process from the moment it is made.

    The child ignores Ctrl-C and writes nothing to standard error: the build's own process is
    the one that stops and says so. A daemon child ends with the build, also when the build
    stops before asking for the result.

    Args:
        function: what to call; it returns a picklable value (text, lists, dicts).
        args: its arguments, inherited by the fork as they are.
    """

    def __init__(self, function: Callable[..., Any], *args: Any) -> None:
        context = multiprocessing.get_context("fork")
        self._reader, writer = context.Pipe(duplex=False)
        self._process = context.Process(target=_call, args=(writer, function, args),
                                        daemon=True)
        with frozen_heap():
            self._process.start()
        writer.close()  # the child holds the only writing end: its end is an end of file
        self._name = getattr(function, "__qualname__", repr(function))

    def result(self) -> Any:
        """Wait for the call and return its value.

        Raises:
            Exception: what the call raised, raised again here.
            BanmenError: the child ended without an answer (killed, out of memory).
        """
        try:
            done, value = self._reader.recv()
        except EOFError:
            from banmen.game import BanmenError

            self._process.join()
            raise BanmenError(f"{self._name} stopped in its process without an answer "
                              f"(exit code {self._process.exitcode})") from None
        finally:
            self._reader.close()
        self._process.join()
        if not done:
            raise value
        return value

    def cancel(self) -> None:
        """Stop the child if it still runs (a build that failed does not wait for it)."""
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
        self._reader.close()


def quiet_child() -> None:
    """In a forked child of the build: leave Ctrl-C to the build's own process, which stops
    the children and says so in one line, and write nothing to standard error (what a child
    would print is the broken pipe of a build that was stopped)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - the child's life


def travelling(error: Exception) -> Exception:
    """``error`` if it can be pickled back to the build process, else a ``BanmenError`` with
    its type and text (an error class pickle cannot find again would be lost)."""
    import pickle

    try:
        pickle.dumps(error)
    except Exception:  # noqa: BLE001 - any failure to pickle: send the text instead
        from banmen.game import BanmenError

        return BanmenError(f"{type(error).__name__}: {error}")
    return error


def _call(writer: Any, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
    quiet_child()
    try:
        answer = (True, function(*args))
    except Exception as error:  # noqa: BLE001 - raised again by the build process
        answer = (False, travelling(error))
    writer.send(answer)
    writer.close()
