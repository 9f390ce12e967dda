"""The original tool's module layout, kept so its scripts run unchanged (winml.modelkit.session)."""
