"""Course content that is neither a rule nor a widget: analyses the notebooks explain.

``analysis`` studies a map as a graph with networkx (cheapest ticket paths, centrality,
bottlenecks, contention in simulated games); ``analysis_plots`` draws its answers. Kept out of
``ttr_widgets.rules``: networkx has no strict type stubs, and the rules core stays pure.
"""
