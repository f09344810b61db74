"""The build backend of the snova package (PEP 517), in the tree so that a build
needs nothing from a package index: the wheel is the package's Python files and
the libsnova shared library, built by the Makefile's own rule for it (the
library target alone, so that make does not run the machine set-up of
tools/setup.sh); the source distribution is what that build reads.

CC chooses the C compiler (the Makefile's HOST_CC); MAKEFLAGS is make's as
always (without a -j in it, the build runs one job per processor)."""
import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path.cwd()
VERSION_HEADER = "include/snova.h"
SKIPPED = {"__pycache__"}


def _config() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        data = tomllib.load(f)
    return {"project": data["project"], **data["tool"]["snova-backend"]}


def _version() -> str:
    text = (ROOT / VERSION_HEADER).read_text()
    match = re.search(r'^#define SNOVA_VERSION_STRING "([^"]+)"$', text, re.MULTILINE)
    if match is None:
        raise RuntimeError(f"no SNOVA_VERSION_STRING in {VERSION_HEADER}")
    return match.group(1)


def _metadata(project: dict, version: str) -> str:
    return "".join([
        "Metadata-Version: 2.1\n",
        f"Name: {project['name']}\n",
        f"Version: {version}\n",
        f"Summary: {project['description']}\n",
        f"License: {project['license']['text']}\n",
        f"Requires-Python: {project['requires-python']}\n",
    ])


def _files(top: Path):
    """Every file below top (or top itself), in a stable order, caches left out."""
    if top.is_file():
        yield top
        return
    for path in sorted(top.rglob("*")):
        if path.is_file() and not SKIPPED.intersection(path.relative_to(ROOT).parts) and path.suffix != ".pyc":
            yield path


def _build_library(target: str) -> Path:
    if shutil.which("make") is None:
        raise RuntimeError("building libsnova needs make (and a C compiler: CC, or cc)")
    command = ["make", "--no-print-directory", target]
    if not re.search(r"(^|\s)-j|(^|\s)--jobs|^[^-\s]*j", os.environ.get("MAKEFLAGS", "")):
        command.append(f"-j{os.cpu_count() or 1}")
    if os.environ.get("CC"):
        command.append(f"HOST_CC={os.environ['CC']}")
    # the relocatable links take LLVM's linker where it is installed, binutils' otherwise
    if shutil.which("ld.lld-19") is None:
        command.append("LIB_LD=ld")
    result = subprocess.run(command, cwd=ROOT)
    if result.returncode != 0:
        raise RuntimeError(f"building libsnova failed: {' '.join(command)} exited {result.returncode}")
    return ROOT / target


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _wheel_tag() -> str:
    """py3-none-<platform>: the code is Python, the library is this platform's."""
    return "py3-none-" + re.sub(r"[-.]", "_", sysconfig.get_platform())


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def _dist_info(project: dict, version: str) -> tuple[str, list]:
    """The wheel's .dist-info folder name and its files but RECORD, as
    (name, content, mode)."""
    name = f"{project['name']}-{version}.dist-info"
    wheel = f"Wheel-Version: 1.0\nGenerator: snova_backend\nRoot-Is-Purelib: false\nTag: {_wheel_tag()}\n"
    return name, [(f"{name}/METADATA", _metadata(project, version).encode(), 0o644),
                  (f"{name}/WHEEL", wheel.encode(), 0o644),
                  (f"{name}/licenses/LICENSE", (ROOT / "LICENSE").read_bytes(), 0o644)]


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    """The metadata alone, so that an installer learns it without the C build."""
    config = _config()
    dist_info, files = _dist_info(config["project"], _version())
    for member, data, _ in files:
        path = Path(metadata_directory) / member
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return dist_info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    config = _config()
    project, version = config["project"], _version()
    name = project["name"]
    library = _build_library(config["library-target"])
    package = ROOT / config["package-dir"] / name
    dist_info, dist_info_files = _dist_info(project, version)
    members = [(path.relative_to(package.parent).as_posix(), path.read_bytes(), 0o644) for path in _files(package)]
    members.append((f"{name}/{library.name}", library.read_bytes(), 0o755))
    members += dist_info_files
    record = "".join(_record_line(n, data) + "\n" for n, data, _ in members) + f"{dist_info}/RECORD,,\n"
    members.append((f"{dist_info}/RECORD", record.encode(), 0o644))
    wheel_name = f"{name}-{version}-{_wheel_tag()}.whl"
    with zipfile.ZipFile(Path(wheel_directory) / wheel_name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for member, data, mode in members:
            info = zipfile.ZipInfo(member, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return wheel_name


def build_sdist(sdist_directory, config_settings=None):
    config = _config()
    project, version = config["project"], _version()
    base = f"{project['name']}-{version}"
    sdist_name = f"{base}.tar.gz"
    with tarfile.open(Path(sdist_directory) / sdist_name, "w:gz", format=tarfile.PAX_FORMAT) as sdist:
        for top in config["sdist"]:
            for path in _files(ROOT / top):
                sdist.add(path, f"{base}/{path.relative_to(ROOT).as_posix()}", recursive=False)
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata(project, version).encode()
        info.size, info.mode = len(data), 0o644
        sdist.addfile(info, io.BytesIO(data))
    return sdist_name
