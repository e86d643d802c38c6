"""Conformance: kmeans and statset (clustering.py; MATLAB's Statistics Toolbox, not in core Octave).

With a 'Start' matrix kmeans is deterministic, and the cases are worked by hand (the comments): the
assignment to the nearest seed (a tie to the first), the centroids of those clusters, the moves, until no
point moves. Random starts cannot match MATLAB's draws, so those cases check what MATLAB guarantees for
well-separated clusters (the partition, the centroids within the spread of the data) and that rng(seed)
repeats the result.
"""
import pytest

from harness import C, D, L, case, check, nan, params

SEVEN = "X = [1 1; 1.5 2; 3 4; 5 7; 3.5 5; 4.5 5; 3.5 4.5]; "
BLOBS = "rng(3); X = [randn(30, 2); randn(30, 2) + 10; randn(30, 2) + [10 -10]]; "

CASES = [
    # seeds [1 1] and [5 7]: [3 4] is 13 from both (a tie: the first); the centroids (1.8333, 2.3333) and
    # (4.125, 5.375) then take it to cluster 2 (3.16 < 4.14); final clusters {1,2} and {3..7}: centroids (1.25,
    # 1.5) and (3.9, 5.1), sumd 0.625 and 7.9, D the squared distances to both
    case('kmeans_start_matrix', SEVEN + "[idx, C, sumd, D] = kmeans(X, 2, 'Start', [1 1; 5 7]);",
         idx=D([1, 1, 2, 2, 2, 2, 2], (7, 1)), C=D([1.25, 3.9, 1.5, 5.1], (2, 2)), sumd=D([0.625, 7.9], (2, 1)),
         D=D([0.3125, 0.3125, 9.3125, 44.3125, 17.3125, 22.8125, 14.0625,
              25.22, 15.37, 2.02, 4.82, 0.17, 0.37, 0.52], (7, 2))),
    # k taken from the Start matrix ([] for k); city block: centroids are medians; a row with NaN is left out
    case('kmeans_cityblock_nan', "[idx, C, sumd] = kmeans([1; 2; 10; 11; 13; NaN], [], 'Distance', 'cityblock', "
         "'Start', [0; 20]);", idx=D([1, 1, 2, 2, 2, nan], (6, 1)), C=D([1.5, 11], (2, 1)), sumd=D([1, 3], (2, 1))),
    # the seed 100 draws no point: 'singleton' gives it the point farthest from its centroid (5, 3.3 from
    # 1.7); 'drop' leaves its centroid NaN and its sum 0 (MATLAB's accumarray of the sums), with a warning;
    # 'error' stops
    case('kmeans_empty_cluster', "X = [0; 0.1; 10; 10.1; 5]; [a, C] = kmeans(X, 3, 'Start', [0; 10; 100]); "
         "[b, E, s] = kmeans(X, 3, 'Start', [0; 10; 100], 'EmptyAction', 'drop');",
         a=D([1, 1, 2, 2, 3], (5, 1)), C=D([0.05, 10.05, 5], (3, 1)), b=D([1, 1, 2, 2, 1], (5, 1)),
         E=D([1.7, 10.05, nan], (3, 1)), s=D([16.34, 0.005, 0], (3, 1))),
    case('kmeans_drop_warning', "idx = kmeans([0; 0.1; 10; 10.1; 5], 3, 'Start', [0; 10; 100], 'EmptyAction', 'drop');",
         stdout="Warning: Empty cluster created at iteration 1.\n"),
    case('kmeans_empty_error', "idx = kmeans([0; 0.1; 10; 10.1; 5], 3, 'Start', [0; 10; 100], 'EmptyAction', 'error');",
         error=('stats:kmeans:EmptyCluster', 'Empty cluster created at iteration 1.')),
    # with replicates, a replicate that empties a cluster is skipped with a warning; when all do, an error
    case('kmeans_empty_every_replicate', "idx = kmeans([0; 0.1; 10; 10.1; 5], 3, 'Start', cat(3, [0; 10; 100], [0; 10; 200]), "
         "'EmptyAction', 'error');",
         error=('stats:kmeans:EmptyClusterAllReps', 'An empty cluster error occurred in every replicate.')),
    case('kmeans_empty_one_replicate', "[idx, C] = kmeans([0; 0.1; 10; 10.1; 5], 3, 'Start', cat(3, [0; 10; 100], [0; 5; 10]), "
         "'EmptyAction', 'error');", C=D([0.05, 5, 10.05], (3, 1)),
         stdout="Warning: Empty cluster created at iteration 1 during replicate 1.\n"),
    # three blobs of 30 around (0,0), (10,10), (10,-10): each cluster is one blob, whatever the labels
    case('kmeans_plus_partition', BLOBS + "[idx, C] = kmeans(X, 3, 'Replicates', 3); a = numel(unique(idx(1:30))) == 1 && "
         "numel(unique(idx(31:60))) == 1 && numel(unique(idx(61:90))) == 1 && numel(unique(idx)) == 3; "
         "n = sort(accumarray(idx, 1))'; m = sortrows(round(C / 10)); s = size(C);",
         a=L(1), n=D([30, 30, 30]), m=D([0, 1, 1, 0, -1, 1], (3, 2)), s=D([3, 2])),
    case('kmeans_repeatable', "rng(7); a = kmeans(rand(40, 2), 4); rng(7); b = kmeans(rand(40, 2), 4); e = isequal(a, b); "
         + BLOBS + "c = kmeans(X, 3, 'Start', 'sample'); d = kmeans(X, 3, 'Start', 'uniform', 'Replicates', 4); "
         "f = numel(unique(c(1:30))) == 1 && numel(unique(d(61:90))) == 1;", e=L(1), f=L(1)),
    # a Start array's pages are the replicates: the better one (the seeds of the right partition) wins
    case('kmeans_start_replicates', SEVEN + "S = cat(3, [1 1; 1.5 2], [1 1; 5 7]); [idx, C, sumd] = kmeans(X, 2, 'Start', S); "
         "t = sum(sumd);", idx=D([1, 1, 2, 2, 2, 2, 2], (7, 1)), t=D(8.525)),
    # statset's Display and MaxIter count unless the name-value arguments give them; the 7 points converge
    # only in the second reassignment (see kmeans_start_matrix), so MaxIter 1 warns
    case('kmeans_statset', SEVEN + "o = statset('Display', 'final', 'maxiter', 50); m = o.MaxIter; d = statset('kmeans'); "
         "dd = d.Display; di = d.MaxIter; f = numel(fieldnames(o)); idx = kmeans(X, 2, 'Start', [1 1; 5 7], 'Options', "
         "o, 'Display', 'off');", m=D(50), dd=C('notify'), di=D(100), f=D(20), idx=D([1, 1, 2, 2, 2, 2, 2], (7, 1))),
    case('kmeans_statset_display', SEVEN + "idx = kmeans(X, 2, 'Start', [1 1; 5 7], 'Options', statset('Display', 'final'));",
         stdout="Replicate 1, 2 iterations, total sum of distances = 8.525.\n"),
    case('kmeans_statset_maxiter', SEVEN + "idx = kmeans(X, 2, 'Start', [1 1; 5 7], 'Options', statset('MaxIter', 1));",
         stdout="Warning: Failed to converge in 1 iterations.\n"),
    case('statset_unknown_function', "o = statset('fitlm');",
         error=('stats:statset:BadFunctionName', "No default options available for the function 'fitlm'.")),
    # Octave, the cosine iteration written out: N = X ./ sqrt(sum(X.^2, 2)); assignments by 1 - N*unit(C)';
    # centroids the means of the rows of N: C = [0.9993761694389223 0.024968808471946116; 0.22449974329903946
    # 0.9225553955255101], sumd [0.0006239278825782568; 0.1515658103106745]
    case('kmeans_cosine', "X = [1 0; 2 0.1; 0 1; 0.1 3; 1 1.2]; [idx, C, sumd, D] = kmeans(X, 2, 'Distance', 'cosine', "
         "'Start', [1 0; 0 1]); a = max(max(abs(C - [0.9993761694389223 0.024968808471946116; 0.22449974329903946 "
         "0.9225553955255101]))) < 1e-12; b = max(abs(sumd - [0.0006239278825782568; 0.1515658103106745])) < 1e-12; "
         "c = abs(D(5, 1) - 0.34082775896411366) < 1e-12;", idx=D([1, 1, 2, 2, 2], (5, 1)), a=L(1), b=L(1), c=L(1)),
    # correlation: rows [1 2 3] and [3 2 1] have correlation -1 (distance 2); [2 4 6] is [1 2 3] again
    case('kmeans_correlation', "[idx, C, s, D] = kmeans([1 2 3; 2 4 6; 3 2 1; 6 5 4], 2, 'Distance', 'correlation', "
         "'Start', [1 2 3; 3 2 1]); d = max(abs(D(:, 1) - [0; 0; 2; 2])) < 1e-12;", idx=D([1, 1, 2, 2], (4, 1)),
         d=L(1)),
    case('kmeans_cosine_zero_row', "idx = kmeans([1 0; 0 0; 0 1], 2, 'Distance', 'cosine');",
         error=('stats:kmeans:ZeroDataForCos', "Some points have small relative magnitudes, making them effectively "
                "zero. Either remove those points, or choose a distance other than 'cosine'.")),
    case('kmeans_too_many_clusters', "idx = kmeans([1 2; 3 4], 3);",
         error=('stats:kmeans:TooManyClusters', 'X must have more rows than the number of clusters.')),
    case('kmeans_unsupported_distance', "idx = kmeans([1 2; 3 4; 5 6], 2, 'Distance', 'hamming');",
         error=('stats:kmeans:BadDistance', "kmeans supports the Distance values 'sqeuclidean', 'cityblock', 'cosine', "
                "'correlation' here.")),
    case('kmeans_bad_start', "idx = kmeans([1 2; 3 4; 5 6], 2, 'Start', [1 2 3; 4 5 6]);",
         error=('stats:kmeans:BadStart', 'The Start matrix must have one column per column of X.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
