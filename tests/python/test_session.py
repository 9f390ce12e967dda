"""winml.GenaiSession from Python on a synthesised bundle: generation, timing, streaming, errors,
Ctrl-C, and the original tool's winml.modelkit.session names."""

import os
import shutil
import signal
import threading
import time
import warnings

import pytest

import winml
from conftest import winml_program
from winml.modelkit.session import GenaiSession as ModelkitSession


def greedy(n):
    return winml.GenerationConfig(max_new_tokens=n, stop_at_eos=False)


def test_streaming_pieces_concatenate_to_the_whole_text(bundle):
    with winml.GenaiSession(bundle) as session:
        whole = session.generate("Hello, world!", greedy(24))
        pieces = list(session.generate_streaming("Hello, world!", greedy(24)))
    assert len(pieces) > 1
    assert "".join(pieces) == whole


def test_generate_timed_obeys_its_definitions(bundle):
    with winml.GenaiSession(bundle) as session:
        t = session.generate_timed("Hello", greedy(8))
    assert t.generated_tokens == 8
    assert len(t.decode_s) == 7  # every token after the first is one decode step
    assert t.ttft_s == pytest.approx(t.prefill_s + t.first_token_s)
    assert t.tpot_s == pytest.approx(sum(t.decode_s) / len(t.decode_s))
    assert t.decode_tokens_per_s == pytest.approx(len(t.decode_s) / sum(t.decode_s))
    assert t.total_s == pytest.approx(t.ttft_s + sum(t.decode_s))
    assert t.input_tokens > 0 and len(t.token_ids) == 8


def test_load_unload_and_the_context_manager(bundle):
    session = winml.GenaiSession(bundle, threads=1)
    assert not session.is_loaded
    session.load()
    assert session.is_loaded and session.load_seconds > 0
    session.unload()
    assert not session.is_loaded
    with session as same:
        assert same.generate_timed("Hi", greedy(2)).generated_tokens == 2
    assert not session.is_loaded  # __exit__ unloaded it


def test_errors_map_to_classes_with_winmls_messages(tmp_path, bundle):
    # A missing folder is a usage error, and so is a bundle whose model file is gone (bad input).
    with pytest.raises(winml.UsageError) as nowhere:
        winml.GenaiSession(str(tmp_path / "nowhere")).load()
    assert "nowhere is not a folder" in str(nowhere.value)
    broken = tmp_path / "broken"
    shutil.copytree(bundle, broken)
    (broken / "model.onnx").unlink()
    with pytest.raises(winml.UsageError) as missing:
        winml.GenaiSession(str(broken)).load()
    assert "model.onnx, which does not exist" in str(missing.value)
    assert isinstance(missing.value, ValueError) and isinstance(missing.value, winml.WinmlError)
    with pytest.raises(winml.UsageError) as usage:
        winml.GenaiSession(bundle, ep="no-such-ep")
    assert isinstance(usage.value, ValueError)
    assert "no-such-ep" in str(usage.value)
    with winml.GenaiSession(bundle) as session:
        with pytest.raises(ValueError):
            session.generate("Hi", winml.GenerationConfig(max_new_tokens=0))
    assert issubclass(winml.GenaiNotInstalledError, winml.GenaiSessionError)


def test_ctrl_c_stops_streaming_within_a_piece_and_the_session_stays_usable(bundle):
    with winml.GenaiSession(bundle) as session:
        seen = []
        timer = threading.Timer(0.3, signal.raise_signal, args=(signal.SIGINT,))
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            timer.start()
            # Far more tokens than the tiny model makes in 0.3 s; each piece is slowed so the signal lands mid-stream.
            for piece in session.generate_streaming("Hello", greedy(1500)):
                seen.append(piece)
                time.sleep(0.002)
        assert time.monotonic() - started < 5
        assert 0 < len(seen) < 1500
        assert session.generate_timed("Hello", greedy(4)).generated_tokens == 4  # usable again


def test_a_call_while_a_stream_is_open_is_refused_until_it_closes(bundle):
    with winml.GenaiSession(bundle) as session:
        stream = session.generate_streaming("Hello", greedy(64))
        next(stream)
        with pytest.raises(winml.GenaiSessionError) as busy:
            session.generate("Hello", greedy(4))
        assert "close() its iterator" in str(busy.value)
        stream.close()
        assert session.generate_timed("Hello", greedy(4)).generated_tokens == 4


def test_generation_releases_the_gil(bundle):
    with winml.GenaiSession(bundle) as session:
        session.load()
        ticks = []
        stop = threading.Event()

        def count():
            while not stop.is_set():
                ticks.append(1)
                time.sleep(0.001)

        counter = threading.Thread(target=count)
        counter.start()
        started = time.monotonic()
        session.generate("Hello", greedy(1500))
        took = time.monotonic() - started
        stop.set()
        counter.join()
    # Holding the GIL, the generation would leave the counter no tick until it returned.
    assert len(ticks) > min(10, took / 0.004), (len(ticks), took)


def test_the_original_tools_example_runs_unchanged(bundle):
    from winml.modelkit.session import GenerationConfig

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with ModelkitSession(bundle, ep="mixed") as sess:
            text = "".join(sess.generate_streaming("Hello, world!", GenerationConfig(max_new_tokens=64)))
    assert any(issubclass(w.category, DeprecationWarning) and "ep=None" in str(w.message) for w in caught)
    assert isinstance(text, str)
    with ModelkitSession(bundle) as sess:  # ep=None: the bundle's routing, no warning
        assert sess.generate_timed("Hello", greedy(4)).generated_tokens == 4


def test_the_version_is_winmls():
    out = winml_program("--version", capture_output=True, text=True, check=True).stdout
    assert winml.__version__ and winml.__version__ in out


def test_help_explains(bundle):
    assert "GenAI call boundaries" in winml.GenerationTiming.__doc__
    assert "Ctrl-C" in winml.GenaiSession.generate_streaming.__doc__
