"""The Progress page: what the learner has done, in one place (issue 19, part 3)."""
