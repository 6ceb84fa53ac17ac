# GradBench's `kmeans` (GRADBENCH.md §2.6): the k-means cost, and the Newton direction J / H
# with J the gradient (reverse mode) and H the Hessian's diagonal (H is diagonal: one
# forward-over-reverse Hessian-vector product with the all-ones vector).
import "protocol.fx"
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
    dir = input_dir()
    function = function_name()
    points = load_matrix(dir, "points")
    centroids = load_matrix(dir, "centroids")
    if function == "cost":
        out = evaluate(lambda: kmeans_cost(points, centroids))
        save_number(out)
    else:
        save_tensor(evaluate(lambda: kmeans_direction(points, centroids)))
