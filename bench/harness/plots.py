"""matplotlib without a display, for the harness's PNG plots; optional (python3-matplotlib is a
bench dependency, and without it the report is written without plots)."""
import os


def pyplot():
    """matplotlib.pyplot on the Agg back end, or None when matplotlib is not installed."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def save(plt, fig, ax, path):
    """Adds the legend, writes the figure to path (PNG) and frees it; returns path."""
    ax.legend(fontsize=7)
    fig.tight_layout()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
