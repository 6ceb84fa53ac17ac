# GradBench's `kmeans` (GRADBENCH.md §2.6): the k-means cost, and the Newton direction J / H
# with J the gradient (reverse mode) and H the Hessian's diagonal (H is diagonal: one
# forward-over-reverse Hessian-vector product with the all-ones vector).
import "../../lib/timing.fx"
import "../../lib/files.fx"

# Sum over the points of the squared distance to the nearest centroid.
def kmeans_cost(points, centroids):
    distances = [sum((points - centroids[j]) ** 2, axis=1) for j in range(len(centroids))]   # (K, N)
    return sum(min(distances, axis=0))

def kmeans_direction(points, centroids):
    gradient = lambda c: grad(kmeans_cost, argnums=1)(points, c)
    hessian_diagonal = jvp(gradient, (centroids,), (ones(centroids.shape),))[1]
    return gradient(centroids) / hessian_diagonal

def main():
    dir = arg(0, ".")
    function = arg(1, "cost")
    min_runs = arg(2, 1)
    min_seconds = arg(3, 0.0)
    points = load_matrix(dir, "points")
    centroids = load_matrix(dir, "centroids")
    if function == "cost":
        out = time_runs(function, lambda: kmeans_cost(points, centroids), min_runs, min_seconds)
        save(dir + "/output.npy", [out])
    else:
        save(dir + "/output.npy", time_runs(function, lambda: kmeans_direction(points, centroids), min_runs, min_seconds))
