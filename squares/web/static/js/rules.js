// The rules page and the error page: their language switcher, and the colours chosen.
import "./looks.js"; // the table's colours and deck, as the player chose them
import { languageSwitcher } from "./i18n.js";

languageSwitcher(document.getElementById("language"));
