"""ttr-widgets: learn and explore Ticket to Ride in Jupyter."""

__version__ = "0.1.0"
