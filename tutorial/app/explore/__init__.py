"""The Explorer page: the position lab and the variant lab."""
