"""Serving (``ttr_widgets.server``): the plan and Voila's configuration, the pool, the ports,
plotly's served module and what a served kernel runs at start, without a browser."""
