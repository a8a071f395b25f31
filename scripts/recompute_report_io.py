"""Files for scripts/recompute-report.py, held to the `confide` CLI's standard (standard library only).

- An input must be a regular file, opened without waiting (a FIFO cannot hang the
  open) and checked on the descriptor it is read from: a folder, device, FIFO,
  socket or a file of a kernel file system (/proc, /sys) is refused before a byte
  is read, and so is a file past its size cap; it is read to the size it reported.
- The output (`--json`) is checked before any work: a regular file (a symbolic link
  to one is written through) or a new name in a folder that exists and can be
  written; never one of the inputs (same device and inode: hard links too), a
  folder, a device, a FIFO, a socket, a kernel file, or a link to any of those or
  to nothing.
- It is written atomically: a temporary file in the same folder, flushed and
  synced, then renamed over the target; on any failure, Ctrl-C or SIGTERM the
  temporary file is removed, so the old output stays whole and nothing is left.
"""
import os
import stat
import tempfile

KERNEL_FILE_SYSTEMS = ("/proc", "/sys")


class BadInput(Exception):
    """A file or field that cannot be used, said in one line."""


def size_words(n):
    for unit, size in (("GB", 2**30), ("MB", 2**20), ("kB", 2**10)):
        if n >= size:
            return f"{n / size:.0f} {unit}"
    return f"{n} bytes"


def not_a_file(st):
    """What a path that is not a regular file is, in words; None for a regular file."""
    mode = st.st_mode
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def kernel_file(path):
    real = os.path.realpath(path)
    return any(real == root or real.startswith(root + "/") for root in KERNEL_FILE_SYSTEMS)


def read_input(path, flag, cap):
    """The text of the regular file at `path`, read whole under `cap` bytes."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise BadInput(f"{flag} {path}: no such file") from None
    except OSError as e:
        raise BadInput(f"{flag} {path} cannot be opened ({e.strerror})") from None
    try:
        st = os.fstat(fd)
        kind = not_a_file(st) or ("a file of a kernel file system" if kernel_file(path) else None)
        if kind:
            raise BadInput(f"{flag} {path} is {kind}, not a file; pass the file confide eval wrote")
        if st.st_size > cap:
            raise BadInput(f"{flag} {path} is {size_words(st.st_size)}; the limit is {size_words(cap)}")
        chunks, left = [], st.st_size
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadInput(f"{flag} {path} is not UTF-8 text (byte {e.start})") from None


def check_output(path, inputs):
    """The real path to write `--json` to, checked before any work, or BadInput saying why not."""
    refuse = lambda why: BadInput(f"--json {path} {why}")  # noqa: E731
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise refuse("is a symbolic link to nothing; choose a regular file or a new name") from None
        st = None
    except OSError as e:
        raise refuse(f"cannot be checked ({e.strerror})") from None
    if st is not None:
        kind = not_a_file(st) or ("a file of a kernel file system" if kernel_file(path) else None)
        if kind:
            raise refuse(f"{'is a symbolic link to' if os.path.islink(path) else 'is'} {kind}; choose a regular file or a new name")
        for p in inputs:
            try:
                same = os.path.samefile(path, p)
            except OSError:
                same = False
            if same:
                raise refuse("is one of the inputs; choose another file")
    target = os.path.realpath(path)
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise refuse(f"is in a folder that does not exist ({os.path.dirname(path) or '.'})")
    if not os.access(folder, os.W_OK):
        raise refuse(f"is in a folder that cannot be written ({os.path.dirname(path) or '.'})")
    return target


def write_atomic(target, text):
    """Writes `text` to `target` (a path check_output gave) through a temporary file in its folder."""
    folder, name = os.path.split(target)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
            os.fchmod(f.fileno(), mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
