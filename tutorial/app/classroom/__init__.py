"""The Class room page: join, student and teacher (the model lives in :mod:`tutorial.classroom`)."""
