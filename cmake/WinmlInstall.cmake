# Install rules are added with the package config (see issue 2).
