from tests.web.conftest import client, db_path

__all__ = ["client", "db_path"]
