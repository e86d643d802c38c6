"""Conformance: pdist, pdist2 and squareform (distances.py).

Octave 7 has neither without its statistics package (not installed), so the expected distances were
computed in Octave pair by pair from MATLAB's definitions, as the comments show (the 'seuclidean' scale is
std(X), the 'mahalanobis' covariance cov(X), 'spearman' the correlation distance of the ranks of each row,
'jaccard' the share of the coordinates nonzero in either row that differ). A constant row has no
correlation: NaN. The pair order is MATLAB's: (1,2), (1,3), ..., (1,m), (2,3), ...
"""
import pytest

from harness import D, L, case, check, nan, params

PD2 = ("X = [1 2 3; 4 0 6; 7 8 1]; Y = [2 2 2; 0 5 1; 1 0 3; 4 0 6]; "
       "CO = [0.07417990022744836 0.31861485613075313 0.15484574527148331 0.1846257516727886; 0.19935923097456432 "
       "0.8368215120338737 0.03523617876226792 0.0; 0.13481908730259973 0.24691368267008895 0.7038255611204538 "
       "0.5584043165537886]; CR = [NaN 0.8110177634953863 0.3453463292920228 0.6726731646460113; NaN "
       "1.8660254037844388 0.07142857142857095 0.0; NaN 0.5507481301931877 1.9798637100971996 1.8357661056711407]; ")

CASES = [
    # Octave: X = [1 2 3; 4 0 6; 7 8 1; 2 2 2; 0 5 1]; R = ranks(X, 2); k = 0; for i = 1:4, for j = i+1:5, a =
    # X(i,:); b = X(j,:); k = k + 1; e(k) = sqrt(sum((a-b).^2)); q(k) = sum((a-b).^2); c(k) = sum(abs(a-b));
    # m3(k) = sum(abs(a-b).^3)^(1/3); ch(k) = max(abs(a-b)); co(k) = 1 - a*b'/(norm(a)*norm(b)); ac = a -
    # mean(a); bc = b - mean(b); cr(k) = 1 - ac*bc'/(norm(ac)*norm(bc)); se(k) = sqrt(sum(((a-b)./std(X)).^2));
    # mh(k) = sqrt((a-b)/cov(X)*(a-b)'); hm(k) = mean(a ~= b); nz = (a ~= 0) | (b ~= 0); jc(k) = sum((a ~= b) &
    # nz)/sum(nz); ra = R(i,:) - mean(R(i,:)); rb = R(j,:) - mean(R(j,:)); sp(k) = 1 -
    # ra*rb'/(norm(ra)*norm(rb)); end, end
    case('pdist_metrics', "X = [1 2 3; 4 0 6; 7 8 1; 2 2 2; 0 5 1]; e = pdist(X); q = pdist(X, 'squaredeuclidean'); c = pdist(X, 'cityblock'); m3 = pdist(X, 'minkowski', 3); ch = pdist(X, 'chebychev'); co = pdist(X, 'cosine');",
         e=D([4.69041575982343, 8.717797887081348, 1.4142135623730951, 3.7416573867739413, 9.899494936611665, 4.898979485566356, 8.12403840463596, 7.874007874011811, 7.615773105863909, 3.7416573867739413]), q=D([22.0, 76.0, 2.0, 14.0, 98.0, 24.0, 66.0, 62.0, 58.0, 14.0]), c=D([8.0, 14.0, 2.0, 6.0, 16.0, 8.0, 14.0, 12.0, 10.0, 6.0]), m3=D([3.9578916096804053, 7.605904921522782, 1.2599210498948732, 3.3019272488946263, 8.724141342909673, 4.308869380063767, 6.7968843858592365, 6.993190657180867, 7.179054352068318, 3.3019272488946263]), ch=D([3.0, 6.0, 1.0, 3.0, 8.0, 4.0, 5.0, 6.0, 7.0, 3.0]), co=D([0.1846257516727886, 0.3491859733817134, 0.07417990022744836, 0.31861485613075313, 0.5584043165537886, 0.19935923097456432, 0.8368215120338737, 0.13481908730259973, 0.24691368267008895, 0.32063377951324257])),
    # Octave: X = [1 2 3; 4 0 6; 7 8 1; 2 2 2; 0 5 1]; R = ranks(X, 2); k = 0; for i = 1:4, for j = i+1:5, a =
    # X(i,:); b = X(j,:); k = k + 1; e(k) = sqrt(sum((a-b).^2)); q(k) = sum((a-b).^2); c(k) = sum(abs(a-b));
    # m3(k) = sum(abs(a-b).^3)^(1/3); ch(k) = max(abs(a-b)); co(k) = 1 - a*b'/(norm(a)*norm(b)); ac = a -
    # mean(a); bc = b - mean(b); cr(k) = 1 - ac*bc'/(norm(ac)*norm(bc)); se(k) = sqrt(sum(((a-b)./std(X)).^2));
    # mh(k) = sqrt((a-b)/cov(X)*(a-b)'); hm(k) = mean(a ~= b); nz = (a ~= 0) | (b ~= 0); jc(k) = sum((a ~= b) &
    # nz)/sum(nz); ra = R(i,:) - mean(R(i,:)); rb = R(j,:) - mean(R(j,:)); sp(k) = 1 -
    # ra*rb'/(norm(ra)*norm(rb)); end, end
    case('pdist_scaled_and_rank', "X = [1 2 3; 4 0 6; 7 8 1; 2 2 2; 0 5 1]; cr = pdist(X, 'correlation'); se = pdist(X, 'seuclidean'); mh = pdist(X, 'mahalanobis'); hm = pdist(X, 'hamming'); jc = pdist(X, 'jaccard'); sp = pdist(X, 'spearman');",
         cr=D([0.6726731646460113, 1.7924058156930616, nan, 0.8110177634953863, 1.8357661056711407, nan, 1.8660254037844388, nan, 0.5507481301931877, nan]), se=D([1.9157290231009303, 3.0461494745365516, 0.6020201569756727, 1.4065809734773325, 3.676057249567969, 2.1560551981210456, 3.2315469940041774, 2.6744683161412164, 2.698518799374045, 1.2924418772053847]), mh=D([1.7647622969998764, 2.4440403706431146, 1.854723699099138, 1.3734321204463227, 2.7168092740527343, 2.827434520004357, 2.816243609877427, 2.7373953556863726, 2.626718318131393, 2.808258497623334]), hm=D([1.0, 1.0, 0.6666666666666666, 1.0, 1.0, 1.0, 1.0, 1.0, 0.6666666666666666, 1.0]), jc=D([1.0, 1.0, 0.6666666666666666, 1.0, 1.0, 1.0, 1.0, 1.0, 0.6666666666666666, 1.0]), sp=D([0.5000000000000001, 1.5, nan, 0.5000000000000001, 1.9999999999999998, nan, 1.5, nan, 0.5000000000000001, nan])),
    # Octave: Z = [0 5 10; 5 0 5; 10 5 0]; y = [1 2 3]; w = 9; e = zeros(1, 0); t = [0 2; 2 0];
    case('squareform_both_ways', "Z = squareform([5 10 5]); y = squareform([0 1 2; 1 0 3; 2 3 0]); w = squareform([0 7; 9 0], 'tovector'); e = squareform([]); t = squareform(2);",
         Z=D([0.0, 5.0, 10.0, 5.0, 0.0, 5.0, 10.0, 5.0, 0.0], (3, 3)), y=D([1.0, 2.0, 3.0]), w=D(9.0), e=D([], (1, 0)), t=D([0.0, 2.0, 2.0, 0.0], (2, 2))),
    # Octave: X = [1 2 3; 4 0 6; 7 8 1]; Y = [2 2 2; 0 5 1; 1 0 3; 4 0 6]; for i = 1:3, for j = 1:4, a = X(i,:);
    # b = Y(j,:); e(i,j) = sqrt(sum((a-b).^2)); q(i,j) = sum((a-b).^2); c(i,j) = sum(abs(a-b)); ch(i,j) =
    # max(abs(a-b)); m3(i,j) = sum(abs(a-b).^3)^(1/3); co(i,j) = 1 - a*b'/(norm(a)*norm(b)); ac = a - mean(a);
    # bc = b - mean(b); cr(i,j) = 1 - ac*bc'/(norm(ac)*norm(bc)); hm(i,j) = mean(a ~= b); nz = (a ~= 0) | (b ~=
    # 0); jc(i,j) = sum((a ~= b) & nz)/sum(nz); se(i,j) = sqrt(sum(((a-b)./std(X)).^2)); end, end
    # (co and cr compared to 1e-12 absolute: a distance of 0 comes out as a rounding error either way)
    case('pdist2_metrics', PD2 + "e = pdist2(X, Y); q = pdist2(X, Y, 'squaredeuclidean'); c = pdist2(X, Y, 'cityblock'); "
         "ch = pdist2(X, Y, 'chebychev'); m3 = pdist2(X, Y, 'minkowski', 3); hm = pdist2(X, Y, 'hamming'); "
         "jc = pdist2(X, Y, 'jaccard'); se = pdist2(X, Y, 'seuclidean'); "
         "co = max(max(abs(pdist2(X, Y, 'cosine') - CO))) < 1e-12; r = pdist2(X, Y, 'correlation'); "
         "cr = all(isnan(r(:, 1))) && max(max(abs(r(:, 2:4) - CR(:, 2:4)))) < 1e-12;",
         e=D([1.4142135623730951, 4.898979485566356, 7.874007874011811, 3.7416573867739413, 8.12403840463596, 7.615773105863909, 2.0, 4.242640687119285, 10.198039027185569, 4.69041575982343, 0.0, 9.899494936611665], (3, 4)),
         q=D([2.0, 24.0, 62.0, 14.0, 66.0, 58.0, 4.0, 18.0, 104.0, 22.0, 0.0, 98.0], (3, 4)),
         c=D([2.0, 8.0, 12.0, 6.0, 14.0, 10.0, 2.0, 6.0, 16.0, 8.0, 0.0, 16.0], (3, 4)),
         ch=D([1.0, 4.0, 6.0, 3.0, 5.0, 7.0, 2.0, 3.0, 8.0, 3.0, 0.0, 8.0], (3, 4)),
         m3=D([1.2599210498948732, 4.308869380063767, 6.993190657180867, 3.3019272488946263, 6.7968843858592365, 7.179054352068318, 2.0, 3.7797631496846193, 9.028714870948003, 3.9578916096804053, 0.0, 8.724141342909673], (3, 4)),
         hm=D([0.6666666666666666, 1.0, 1.0, 1.0, 1.0, 0.6666666666666666, 0.3333333333333333, 0.6666666666666666, 1.0, 1.0, 0.0, 1.0], (3, 4)),
         jc=D([0.6666666666666666, 1.0, 1.0, 1.0, 1.0, 0.6666666666666666, 0.3333333333333333, 1.0, 1.0, 1.0, 0.0, 1.0], (3, 4)),
         se=D([0.5186577368103327, 1.7892818293067636, 2.238882665872189, 1.1233524948609412, 2.6772100946952406, 2.4420637202323805, 0.4803844614152614, 1.555973210430998, 2.8851146666425778, 1.6284415440377888, 0.0, 2.939332596587246], (3, 4)),
         co=L(1), cr=L(1)),
    # the smallest two distances of each row of Y to the rows of X (columns of e above, sorted), and whose
    # rows they are; 'Largest' descending
    case('pdist2_smallest_largest', PD2 + "[d, i] = pdist2(X, Y, 'euclidean', 'Smallest', 2); [l, j] = pdist2(X, Y, "
         "'cityblock', 'Largest', 1); s = size(pdist2(X, zeros(0, 3)));",
         d=D([1.4142135623730951, 4.898979485566356, 3.7416573867739413, 7.615773105863909, 2.0, 4.242640687119285, 0.0, 4.69041575982343], (2, 4)),
         i=D([1, 2, 1, 3, 1, 2, 2, 1], (2, 4)), l=D([12, 14, 16, 16]), j=D([3, 2, 3, 3]), s=D([3, 0])),
    case('pdist2_column_mismatch', "D = pdist2([1 2; 3 4], [1 2 3]);",
         error=("stats:pdist2:SizeMismatch", "X and Y must have the same number of columns.")),
    case('pdist2_unknown_metric', "D = pdist2([1 2], [3 4], 'manhattan');",
         error=("MATLAB:pdist2:InvalidParameterName", "Invalid parameter name 'manhattan'.")),
    case('pdist_function_handle', "d = pdist(magic(3), @(a, b) sum(a - b));",
         error=("matfuse:pdist:unsupported", "pdist takes the distance as a name; function handles are not supported.")),
    case('pdist_unknown_metric', "d = pdist(magic(3), 'manhattan');",
         error=("MATLAB:pdist:InvalidParameterName", "Invalid parameter name 'manhattan'.")),
    case('squareform_bad_length', "Z = squareform([1 2 3 4]);",
         error=("stats:squareform:BadInputVector", "The number of elements of the vector must be m*(m-1)/2 for some "
                "integer m.")),
    case('squareform_bad_matrix', "y = squareform([1 2; 3 4], 'tovector');",
         error=("stats:squareform:BadInputMatrix", "The input matrix must be square with zeros on the diagonal.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
