"""The course's content: what the lessons and the lab teach with, kept out of the rules core.

* ``lessons`` (over ``practice``, ``lessons_usa``, ``lessons_europe``): each lesson's "try it"
  positions, their prompts and demos, and the finished games its exercises score;
* ``team_practice``: lesson 10's team position, its tasks and its questions;
* ``why``: the "why?" that keeps a rule's id out of a lesson's sentences;
* ``glossary``: the glossary and "How the kit rules unclear cases", built from the core;
* ``lab``, ``lab_sample``, ``lab_plots``: the probability lab's measured answers, the bot games
  it measures them on, and their figures;
* ``analysis``, ``analysis_plots``, ``contention_data``: a map studied as a graph with networkx
  (cheapest ticket paths, centrality, bottlenecks, contention in simulated games).

The course may import the rules and the widgets; neither imports the course.
"""
