"""The wheel's one setting pyproject.toml cannot say: it holds native code (the prebuilt extension
and libraries), so it is a platform wheel (cp311-cp311-linux_x86_64), not py3-none-any."""

from setuptools import setup
from setuptools.dist import Distribution


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(distclass=BinaryDistribution)
